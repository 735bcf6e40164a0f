// Richards: Martin Richards' operating-system simulation. Six tasks (idle, worker, two
// packet handlers, two devices) exchange packets through a priority scheduler. With the
// idle task counting down from 1000, the original description gives 2322 packets queued
// and 928 tasks held; every repetition must reproduce exactly those counts.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 350; // quick: 30 (repetitions of the whole simulation)

const IDLE_COUNT = 1000;
const EXPECTED_QUEUED = 2322;
const EXPECTED_HELD = 928;

const ID_IDLE = 0;
const ID_WORKER = 1;
const ID_HANDLER_A = 2;
const ID_HANDLER_B = 3;
const ID_DEVICE_A = 4;
const ID_DEVICE_B = 5;
const TASK_COUNT = 6;

const KIND_DEVICE = 0;
const KIND_WORK = 1;
const PACKET_DATA_SIZE = 4;

// Task state bits: a task may have packets pending, be waiting for one, or be held.
const PACKET_PENDING = 1;
const WAITING = 2;
const HELD = 4;

class Packet {
  constructor(next, destination, kind) {
    this.next = next;
    this.destination = destination;
    this.kind = kind;
    this.cursor = 0;
    this.data = new Array(PACKET_DATA_SIZE).fill(0);
  }

  // Appends this packet at the end of `queue` and returns the queue's head.
  appendTo(queue) {
    this.next = null;
    if (queue === null) return this;
    let last = queue;
    while (last.next !== null) last = last.next;
    last.next = this;
    return queue;
  }
}

class TaskControlBlock {
  constructor(next, id, priority, queue, task) {
    this.next = next;
    this.id = id;
    this.priority = priority;
    this.queue = queue;
    this.task = task;
    this.state = queue === null ? WAITING : WAITING | PACKET_PENDING;
  }

  isHeldOrWaiting() {
    return (this.state & HELD) !== 0 || this.state === WAITING;
  }

  // Hands the task its next packet if it was waiting with one queued.
  run() {
    let packet = null;
    if (this.state === (WAITING | PACKET_PENDING)) {
      packet = this.queue;
      this.queue = packet.next;
      this.state = this.queue === null ? 0 : PACKET_PENDING;
    }
    return this.task.run(packet);
  }

  // Queues `packet` here; returns whichever of this task and `current` should run next.
  receive(current, packet) {
    if (this.queue === null) {
      this.queue = packet;
      this.state |= PACKET_PENDING;
      if (this.priority > current.priority) return this;
    } else {
      this.queue = packet.appendTo(this.queue);
    }
    return current;
  }
}

class Scheduler {
  constructor() {
    this.tasks = new Array(TASK_COUNT).fill(null);
    this.list = null;
    this.current = null;
    this.currentId = -1;
    this.queuedCount = 0;
    this.heldCount = 0;
  }

  addTask(id, priority, queue, task) {
    this.list = new TaskControlBlock(this.list, id, priority, queue, task);
    this.tasks[id] = this.list;
    return this.list;
  }

  schedule() {
    this.current = this.list;
    while (this.current !== null) {
      if (this.current.isHeldOrWaiting()) {
        this.current = this.current.next;
      } else {
        this.currentId = this.current.id;
        this.current = this.current.run();
      }
    }
  }

  release(id) {
    const task = this.tasks[id];
    task.state &= ~HELD;
    return task.priority > this.current.priority ? task : this.current;
  }

  holdCurrent() {
    this.heldCount++;
    this.current.state |= HELD;
    return this.current.next;
  }

  waitCurrent() {
    this.current.state |= WAITING;
    return this.current;
  }

  send(packet) {
    const target = this.tasks[packet.destination];
    this.queuedCount++;
    packet.next = null;
    packet.destination = this.currentId;
    return target.receive(this.current, packet);
  }
}

// Wakes the two devices alternately, driven by a pseudo-random shift register.
class IdleTask {
  constructor(scheduler, count) {
    this.scheduler = scheduler;
    this.seed = 1;
    this.count = count;
  }

  run(packet) {
    this.count--;
    if (this.count === 0) return this.scheduler.holdCurrent();
    if ((this.seed & 1) === 0) {
      this.seed >>= 1;
      return this.scheduler.release(ID_DEVICE_A);
    }
    this.seed = (this.seed >> 1) ^ 0xd008;
    return this.scheduler.release(ID_DEVICE_B);
  }
}

// Fills work packets with letters and sends them to the handlers in turn.
class WorkerTask {
  constructor(scheduler) {
    this.scheduler = scheduler;
    this.handler = ID_HANDLER_A;
    this.letter = 0;
  }

  run(packet) {
    if (packet === null) return this.scheduler.waitCurrent();
    this.handler = this.handler === ID_HANDLER_A ? ID_HANDLER_B : ID_HANDLER_A;
    packet.destination = this.handler;
    packet.cursor = 0;
    for (let i = 0; i < PACKET_DATA_SIZE; i++) {
      this.letter = this.letter === 26 ? 1 : this.letter + 1;
      packet.data[i] = this.letter;
    }
    return this.scheduler.send(packet);
  }
}

// Copies each work packet's letters, one device packet per letter, to its device.
class HandlerTask {
  constructor(scheduler) {
    this.scheduler = scheduler;
    this.work = null;
    this.devices = null;
  }

  run(packet) {
    if (packet !== null) {
      if (packet.kind === KIND_WORK) this.work = packet.appendTo(this.work);
      else this.devices = packet.appendTo(this.devices);
    }
    if (this.work !== null) {
      const work = this.work;
      if (work.cursor >= PACKET_DATA_SIZE) {
        this.work = work.next;
        return this.scheduler.send(work);
      }
      if (this.devices !== null) {
        const device = this.devices;
        this.devices = device.next;
        device.cursor = work.data[work.cursor];
        work.cursor++;
        return this.scheduler.send(device);
      }
    }
    return this.scheduler.waitCurrent();
  }
}

// Holds one packet until the idle task releases the device, then returns it.
class DeviceTask {
  constructor(scheduler) {
    this.scheduler = scheduler;
    this.pending = null;
  }

  run(packet) {
    if (packet !== null) {
      this.pending = packet;
      return this.scheduler.holdCurrent();
    }
    if (this.pending === null) return this.scheduler.waitCurrent();
    const done = this.pending;
    this.pending = null;
    return this.scheduler.send(done);
  }
}

function packetChain(destination, kind, length) {
  let queue = null;
  for (let i = 0; i < length; i++) queue = new Packet(queue, destination, kind);
  return queue;
}

function runSimulation() {
  const scheduler = new Scheduler();
  scheduler.addTask(ID_IDLE, 0, null, new IdleTask(scheduler, IDLE_COUNT)).state = 0;
  scheduler.addTask(ID_WORKER, 1000, packetChain(ID_WORKER, KIND_WORK, 2), new WorkerTask(scheduler));
  scheduler.addTask(ID_HANDLER_A, 2000, packetChain(ID_DEVICE_A, KIND_DEVICE, 3), new HandlerTask(scheduler));
  scheduler.addTask(ID_HANDLER_B, 3000, packetChain(ID_DEVICE_B, KIND_DEVICE, 3), new HandlerTask(scheduler));
  scheduler.addTask(ID_DEVICE_A, 4000, null, new DeviceTask(scheduler));
  scheduler.addTask(ID_DEVICE_B, 5000, null, new DeviceTask(scheduler));
  scheduler.schedule();
  return scheduler;
}

let checksum = 0;
for (let run = 0; run < SIZE; run++) {
  const { queuedCount, heldCount } = runSimulation();
  if (queuedCount !== EXPECTED_QUEUED || heldCount !== EXPECTED_HELD) {
    throw new Error(`richards: run ${run} queued ${queuedCount} and held ${heldCount} packets, ` +
      `expected ${EXPECTED_QUEUED} and ${EXPECTED_HELD}`);
  }
  checksum += queuedCount + heldCount;
}
log(`OK richards ${checksum}`);
