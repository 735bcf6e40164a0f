// DeltaBlue: the incremental dataflow constraint solver of Freeman-Benson, Maloney and
// Borning ("An Incremental Constraint Solver", CACM 1990). Constraints have strengths in
// a hierarchy; adding or removing one re-plans only the part of the graph it touches.
// Two classic workloads: a chain of equalities edited at one end, and a projection
// (dst = src * scale + offset) edited from either side. Each checks its own results.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 240; // quick: 24 (repetitions of both tests)

const CHAIN_LENGTH = 100;
const PROJECTION_SIZE = 100;

class Strength {
  constructor(level, name) {
    this.level = level;
    this.name = name;
  }

  // A lower level is a stronger constraint.
  static stronger(a, b) {
    return a.level < b.level;
  }

  static weaker(a, b) {
    return a.level > b.level;
  }

  static weakest(a, b) {
    return Strength.weaker(a, b) ? a : b;
  }

  nextWeaker() {
    return STRENGTHS[this.level + 1];
  }
}

const STRENGTHS = [
  "required", "strong preferred", "preferred", "strong default", "normal", "weak default", "weakest",
].map((name, level) => new Strength(level, name));
const [REQUIRED, STRONG_PREFERRED, PREFERRED, STRONG_DEFAULT, NORMAL, WEAK_DEFAULT, WEAKEST] = STRENGTHS;

class Variable {
  constructor(name, value) {
    this.name = name;
    this.value = value;
    this.constraints = [];
    this.determinedBy = null;
    this.mark = 0;
    this.walkStrength = WEAKEST;
    this.stay = true; // true when the value is constant for the current plan
  }

  addConstraint(constraint) {
    this.constraints.push(constraint);
  }

  removeConstraint(constraint) {
    this.constraints = this.constraints.filter((c) => c !== constraint);
    if (this.determinedBy === constraint) this.determinedBy = null;
  }
}

class Constraint {
  constructor(planner, strength) {
    this.planner = planner;
    this.strength = strength;
  }

  install() {
    this.addToGraph();
    this.planner.incrementalAdd(this);
    return this;
  }

  uninstall() {
    if (this.isSatisfied()) this.planner.incrementalRemove(this);
    else this.removeFromGraph();
  }

  // Picks a method and, if one applies, takes over the output variable. Returns the
  // constraint it displaced (now unsatisfied), if any.
  satisfy(mark) {
    this.chooseMethod(mark);
    if (!this.isSatisfied()) {
      if (this.strength === REQUIRED) throw new Error("deltablue: could not satisfy a required constraint");
      return null;
    }
    this.markInputs(mark);
    const output = this.output();
    const overridden = output.determinedBy;
    if (overridden !== null) overridden.markUnsatisfied();
    output.determinedBy = this;
    if (!this.planner.addPropagate(this, mark)) throw new Error("deltablue: cycle encountered");
    output.mark = mark;
    return overridden;
  }

  isInput() {
    return false;
  }
}

// A constraint on one variable: it either determines it or is unsatisfied.
class UnaryConstraint extends Constraint {
  constructor(planner, variable, strength) {
    super(planner, strength);
    this.variable = variable;
    this.satisfied = false;
  }

  addToGraph() {
    this.variable.addConstraint(this);
    this.satisfied = false;
  }

  removeFromGraph() {
    this.variable.removeConstraint(this);
    this.satisfied = false;
  }

  chooseMethod(mark) {
    this.satisfied = this.variable.mark !== mark && Strength.stronger(this.strength, this.variable.walkStrength);
  }

  isSatisfied() {
    return this.satisfied;
  }

  markInputs(mark) {}

  output() {
    return this.variable;
  }

  recalculate() {
    this.variable.walkStrength = this.strength;
    this.variable.stay = !this.isInput();
    if (this.variable.stay) this.execute();
  }

  markUnsatisfied() {
    this.satisfied = false;
  }

  inputsKnown(mark) {
    return true;
  }

  execute() {}
}

// Keeps a variable at its current value unless something stronger changes it.
class StayConstraint extends UnaryConstraint {}

// Marks a variable as changed from outside the graph (by the user).
class EditConstraint extends UnaryConstraint {
  isInput() {
    return true;
  }
}

const NONE = 0;
const FORWARD = 1; // first determines second
const BACKWARD = 2; // second determines first

// A constraint between two variables that can be enforced in either direction.
class BinaryConstraint extends Constraint {
  constructor(planner, first, second, strength) {
    super(planner, strength);
    this.first = first;
    this.second = second;
    this.direction = NONE;
  }

  addToGraph() {
    this.first.addConstraint(this);
    this.second.addConstraint(this);
    this.direction = NONE;
  }

  removeFromGraph() {
    this.first.removeConstraint(this);
    this.second.removeConstraint(this);
    this.direction = NONE;
  }

  // Writes into the weaker side, unless a variable was already written during this mark.
  chooseMethod(mark) {
    const { first, second, strength } = this;
    if (first.mark === mark) {
      this.direction = second.mark !== mark && Strength.stronger(strength, second.walkStrength) ? FORWARD : NONE;
    } else if (second.mark === mark) {
      this.direction = first.mark !== mark && Strength.stronger(strength, first.walkStrength) ? BACKWARD : NONE;
    } else if (Strength.weaker(first.walkStrength, second.walkStrength)) {
      this.direction = Strength.stronger(strength, first.walkStrength) ? BACKWARD : NONE;
    } else {
      this.direction = Strength.stronger(strength, second.walkStrength) ? FORWARD : BACKWARD;
    }
  }

  isSatisfied() {
    return this.direction !== NONE;
  }

  markInputs(mark) {
    this.input().mark = mark;
  }

  input() {
    return this.direction === FORWARD ? this.first : this.second;
  }

  output() {
    return this.direction === FORWARD ? this.second : this.first;
  }

  recalculate() {
    const input = this.input();
    const output = this.output();
    output.walkStrength = Strength.weakest(this.strength, input.walkStrength);
    output.stay = input.stay;
    if (output.stay) this.execute();
  }

  markUnsatisfied() {
    this.direction = NONE;
  }

  inputsKnown(mark) {
    const input = this.input();
    return input.mark === mark || input.stay || input.determinedBy === null;
  }
}

class EqualityConstraint extends BinaryConstraint {
  execute() {
    this.output().value = this.input().value;
  }
}

// second = first * scale + offset, where scale and offset are variables too.
class ScaleConstraint extends BinaryConstraint {
  constructor(planner, source, scale, offset, destination, strength) {
    super(planner, source, destination, strength);
    this.scale = scale;
    this.offset = offset;
  }

  addToGraph() {
    super.addToGraph();
    this.scale.addConstraint(this);
    this.offset.addConstraint(this);
  }

  removeFromGraph() {
    super.removeFromGraph();
    this.scale.removeConstraint(this);
    this.offset.removeConstraint(this);
  }

  markInputs(mark) {
    super.markInputs(mark);
    this.scale.mark = mark;
    this.offset.mark = mark;
  }

  execute() {
    if (this.direction === FORWARD) {
      this.second.value = this.first.value * this.scale.value + this.offset.value;
    } else {
      this.first.value = (this.second.value - this.offset.value) / this.scale.value;
    }
  }

  recalculate() {
    const input = this.input();
    const output = this.output();
    output.walkStrength = Strength.weakest(this.strength, input.walkStrength);
    output.stay = input.stay && this.scale.stay && this.offset.stay;
    if (output.stay) this.execute();
  }
}

class Planner {
  constructor() {
    this.currentMark = 0;
  }

  newMark() {
    return ++this.currentMark;
  }

  // Satisfies `constraint`, then re-satisfies whatever it displaced, transitively.
  incrementalAdd(constraint) {
    const mark = this.newMark();
    let overridden = constraint.satisfy(mark);
    while (overridden !== null) overridden = overridden.satisfy(mark);
  }

  // Removes `constraint` and tries the constraints it left unsatisfied, strongest first.
  incrementalRemove(constraint) {
    const output = constraint.output();
    constraint.markUnsatisfied();
    constraint.removeFromGraph();
    const unsatisfied = this.removePropagateFrom(output);
    for (let strength = REQUIRED; strength !== WEAKEST; strength = strength.nextWeaker()) {
      for (const candidate of unsatisfied) {
        if (candidate.strength === strength) this.incrementalAdd(candidate);
      }
    }
  }

  // Orders the constraints downstream of `sources` so that executing them in turn
  // propagates new input values through the graph.
  makePlan(sources) {
    const mark = this.newMark();
    const plan = [];
    const todo = sources.slice();
    while (todo.length > 0) {
      const constraint = todo.shift();
      const output = constraint.output();
      if (output.mark !== mark && constraint.inputsKnown(mark)) {
        plan.push(constraint);
        output.mark = mark;
        this.addConstraintsConsumingTo(output, todo);
      }
    }
    return plan;
  }

  extractPlanFromConstraints(constraints) {
    return this.makePlan(constraints.filter((c) => c.isInput() && c.isSatisfied()));
  }

  // Recomputes walk strengths and stay flags downstream of a newly satisfied constraint.
  // Returns false when the propagation comes back to the start: a cycle.
  addPropagate(constraint, mark) {
    const todo = [constraint];
    while (todo.length > 0) {
      const current = todo.pop();
      if (current.output().mark === mark) {
        this.incrementalRemove(constraint);
        return false;
      }
      current.recalculate();
      this.addConstraintsConsumingTo(current.output(), todo);
    }
    return true;
  }

  // Resets the variables downstream of `output` and collects the constraints left unsatisfied.
  removePropagateFrom(output) {
    output.determinedBy = null;
    output.walkStrength = WEAKEST;
    output.stay = true;
    const unsatisfied = [];
    const todo = [output];
    while (todo.length > 0) {
      const variable = todo.pop();
      for (const constraint of variable.constraints) {
        if (!constraint.isSatisfied()) unsatisfied.push(constraint);
      }
      for (const next of variable.constraints) {
        if (next !== variable.determinedBy && next.isSatisfied()) {
          next.recalculate();
          todo.push(next.output());
        }
      }
    }
    return unsatisfied;
  }

  addConstraintsConsumingTo(variable, collection) {
    for (const constraint of variable.constraints) {
      if (constraint !== variable.determinedBy && constraint.isSatisfied()) collection.push(constraint);
    }
  }
}

function executePlan(plan) {
  for (const constraint of plan) constraint.execute();
}

// A chain v0 = v1 = ... = vn with a stay on the last; editing v0 must reach vn.
function chainTest(length) {
  const planner = new Planner();
  const variables = [];
  for (let i = 0; i <= length; i++) {
    variables.push(new Variable(`v${i}`, 0));
    if (i > 0) new EqualityConstraint(planner, variables[i - 1], variables[i], REQUIRED).install();
  }
  const first = variables[0];
  const last = variables[length];
  new StayConstraint(planner, last, STRONG_DEFAULT).install();
  const edit = new EditConstraint(planner, first, PREFERRED).install();
  const plan = planner.extractPlanFromConstraints([edit]);
  let sum = 0;
  for (let value = 0; value < 100; value++) {
    first.value = value;
    executePlan(plan);
    if (last.value !== value) throw new Error(`deltablue: chain end is ${last.value}, expected ${value}`);
    sum += last.value;
  }
  edit.uninstall();
  return sum;
}

function change(planner, variable, value) {
  const edit = new EditConstraint(planner, variable, PREFERRED).install();
  const plan = planner.extractPlanFromConstraints([edit]);
  for (let i = 0; i < 10; i++) {
    variable.value = value;
    executePlan(plan);
  }
  edit.uninstall();
}

function expectValue(what, actual, expected) {
  if (actual !== expected) throw new Error(`deltablue: ${what} is ${actual}, expected ${expected}`);
}

// Pairs dst_i = src_i * scale + offset; edits the sources, the destinations, scale and offset.
function projectionTest(size) {
  const planner = new Planner();
  const scale = new Variable("scale", 10);
  const offset = new Variable("offset", 1000);
  const sources = [];
  const destinations = [];
  for (let i = 0; i < size; i++) {
    const source = new Variable(`src${i}`, i);
    const destination = new Variable(`dst${i}`, i);
    sources.push(source);
    destinations.push(destination);
    new StayConstraint(planner, source, NORMAL).install();
    new ScaleConstraint(planner, source, scale, offset, destination, REQUIRED).install();
  }
  const lastSource = sources[size - 1];
  const lastDestination = destinations[size - 1];
  change(planner, lastSource, 17);
  expectValue("projected destination", lastDestination.value, 1170);
  change(planner, lastDestination, 1050);
  expectValue("back-projected source", lastSource.value, 5);
  change(planner, scale, 5);
  for (let i = 0; i < size - 1; i++) expectValue(`dst${i} after scale change`, destinations[i].value, i * 5 + 1000);
  change(planner, offset, 2000);
  let sum = 0;
  for (let i = 0; i < size - 1; i++) {
    expectValue(`dst${i} after offset change`, destinations[i].value, i * 5 + 2000);
    sum += destinations[i].value;
  }
  return sum;
}

// Per repetition: the chain sums 0..99, the projection sums 5i + 2000 for i < 99.
const EXPECTED_PER_RUN = 4950 + (5 * 4851 + 2000 * 99);
let checksum = 0;
for (let run = 0; run < SIZE; run++) {
  const result = chainTest(CHAIN_LENGTH) + projectionTest(PROJECTION_SIZE);
  expectValue(`checksum of run ${run}`, result, EXPECTED_PER_RUN);
  checksum += result;
}
log(`OK deltablue ${checksum}`);
