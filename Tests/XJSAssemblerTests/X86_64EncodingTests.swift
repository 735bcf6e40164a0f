// Every instruction form of the x86-64 assembler, checked against the host
// objdump's Intel-syntax disassembly.
import Testing

@testable import XJSAssembler

private typealias Case = EncodingCase<X86_64Assembler>

private func check(_ cases: [Case]) throws {
  try checkEncodings(cases, architecture: .x64)
}

private func mem(_ base: X86Register, _ displacement: Int32 = 0) -> X86Memory {
  X86Memory(base: base, displacement: displacement)
}

private func mem(
  _ base: X86Register, _ index: X86Register, _ scale: X86Scale, _ displacement: Int32 = 0
)
  -> X86Memory
{
  X86Memory(base: base, index: index, scale: scale, displacement: displacement)
}

private let objdumpMissing = "objdump (binutils) is not installed"

@Suite(.enabled(if: ObjdumpArchitecture.x64.isAvailable, "\(objdumpMissing)"))
struct X86_64EncodingTests {
  @Test func registerMoves() throws {
    try check([
      Case("mov rax,rcx") { $0.mov(.rax, .rcx) },
      Case("mov r15,r8") { $0.mov(.r15, .r8) },
      Case("mov rsp,rbp") { $0.mov(.rsp, .rbp) },
      Case("mov r9d,edx") { $0.mov(.r9, .rdx, width: .dword) },
      Case("mov esp,r12d") { $0.mov(.rsp, .r12, width: .dword) },
      Case("cmp BYTE PTR [rax],0x4") { $0.cmpByte(mem(.rax), immediate: 4) },
      Case("cmp BYTE PTR [r12+0x4],0xff") { $0.cmpByte(mem(.r12, 4), immediate: 0xFF) },
    ])
  }

  @Test func memoryOperandForms() throws {
    try check([
      Case("mov rax,QWORD PTR [rbx]") { $0.mov(.rax, mem(.rbx)) },
      Case("mov rax,QWORD PTR [rbx+0x8]") { $0.mov(.rax, mem(.rbx, 8)) },
      Case("mov rax,QWORD PTR [rbx-0x8]") { $0.mov(.rax, mem(.rbx, -8)) },
      Case("mov rax,QWORD PTR [rbx+0x7f]") { $0.mov(.rax, mem(.rbx, 127)) },
      Case("mov rax,QWORD PTR [rbx+0x80]") { $0.mov(.rax, mem(.rbx, 128)) },
      Case("mov rax,QWORD PTR [rbx-0x80]") { $0.mov(.rax, mem(.rbx, -128)) },
      Case("mov rax,QWORD PTR [rbx-0x81]") { $0.mov(.rax, mem(.rbx, -129)) },
      Case("mov rax,QWORD PTR [rbx+0x7fffffff]") { $0.mov(.rax, mem(.rbx, Int32.max)) },
      Case("mov rax,QWORD PTR [rbx-0x80000000]") { $0.mov(.rax, mem(.rbx, Int32.min)) },
      // rsp and r12 need a SIB byte; rbp and r13 need a displacement.
      Case("mov rax,QWORD PTR [rsp]") { $0.mov(.rax, mem(.rsp)) },
      Case("mov rax,QWORD PTR [rsp+0x8]") { $0.mov(.rax, mem(.rsp, 8)) },
      Case("mov rdx,QWORD PTR [r12]") { $0.mov(.rdx, mem(.r12)) },
      Case("mov rdx,QWORD PTR [r12+0x1000]") { $0.mov(.rdx, mem(.r12, 0x1000)) },
      Case("mov rcx,QWORD PTR [rbp+0x0]") { $0.mov(.rcx, mem(.rbp)) },
      Case("mov rcx,QWORD PTR [r13+0x0]") { $0.mov(.rcx, mem(.r13)) },
      Case("mov rcx,QWORD PTR [rbp-0x10]") { $0.mov(.rcx, mem(.rbp, -16)) },
      Case("mov r8,QWORD PTR [r15]") { $0.mov(.r8, mem(.r15)) },
      // Base + index * scale.
      Case("mov rax,QWORD PTR [rax+rcx*8+0x10]") { $0.mov(.rax, mem(.rax, .rcx, .x8, 16)) },
      Case("mov rax,QWORD PTR [rsp+r15*2-0x4]") { $0.mov(.rax, mem(.rsp, .r15, .x2, -4)) },
      Case("mov rax,QWORD PTR [rbp+rax*4+0x0]") { $0.mov(.rax, mem(.rbp, .rax, .x4)) },
      Case("mov r11,QWORD PTR [r13+r12*1+0x0]") { $0.mov(.r11, mem(.r13, .r12, .x1)) },
      Case("mov r11,QWORD PTR [r12+r13*1]") { $0.mov(.r11, mem(.r12, .r13, .x1)) },
      Case("mov r14,QWORD PTR [rdi+rsi*1+0x12345678]") {
        $0.mov(.r14, mem(.rdi, .rsi, .x1, 0x1234_5678))
      },
      // No base; absolute; RIP-relative.
      Case("mov rax,QWORD PTR [r9*8+0x20]") {
        $0.mov(.rax, X86Memory(index: .r9, scale: .x8, displacement: 0x20))
      },
      Case("mov rax,QWORD PTR ds:0x1000") { $0.mov(.rax, .absolute(0x1000)) },
      Case("mov rax,QWORD PTR [rip+0x10]") { $0.mov(.rax, .ripRelative(0x10)) },
      Case("mov r9,QWORD PTR [rip+0xfffffffffffffff0]") { $0.mov(.r9, .ripRelative(-16)) },
    ])
  }

  @Test func loadsAndStores() throws {
    try check([
      Case("mov eax,DWORD PTR [rdi+0x4]") { $0.mov(.rax, mem(.rdi, 4), width: .dword) },
      Case("mov QWORD PTR [rdi+0x10],r11") { $0.mov(mem(.rdi, 16), .r11) },
      Case("mov DWORD PTR [rdi],esi") { $0.mov(mem(.rdi), .rsi, width: .dword) },
      Case("mov QWORD PTR [rax],0xffffffffffffffff") { $0.mov(mem(.rax), immediate: -1) },
      Case("mov DWORD PTR [r8+0x4],0x7fffffff") {
        $0.mov(mem(.r8, 4), immediate: Int32.max, width: .dword)
      },
      Case("mov BYTE PTR [rax],al") { $0.movByte(mem(.rax), .rax) },
      Case("mov BYTE PTR [rax],bl") { $0.movByte(mem(.rax), .rbx) },
      Case("mov BYTE PTR [rax],sil") { $0.movByte(mem(.rax), .rsi) },
      Case("mov BYTE PTR [rax],dil") { $0.movByte(mem(.rax), .rdi) },
      Case("mov BYTE PTR [r10],r9b") { $0.movByte(mem(.r10), .r9) },
      Case("mov BYTE PTR [rbx+0x1],0xff") { $0.movByte(mem(.rbx, 1), immediate: 0xFF) },
      Case("mov WORD PTR [rax],cx") { $0.movWord(mem(.rax), .rcx) },
      Case("mov WORD PTR [rax+r11*2],r10w") { $0.movWord(mem(.rax, .r11, .x2), .r10) },
      Case("mov WORD PTR [rax],0xffff") { $0.movWord(mem(.rax), immediate: 0xFFFF) },
      Case("movzx eax,BYTE PTR [rsi]") { $0.movzxByte(.rax, mem(.rsi)) },
      Case("movzx eax,cl") { $0.movzxByte(.rax, .rcx) },
      Case("movzx r8d,dil") { $0.movzxByte(.r8, .rdi) },
      Case("movzx edx,WORD PTR [r8+0x2]") { $0.movzxWord(.rdx, mem(.r8, 2)) },
      Case("movzx edx,r11w") { $0.movzxWord(.rdx, .r11) },
      Case("movsx rax,BYTE PTR [rdi]") { $0.movsxByte(.rax, mem(.rdi)) },
      Case("movsx eax,BYTE PTR [rdi]") { $0.movsxByte(.rax, mem(.rdi), width: .dword) },
      Case("movsx r12,WORD PTR [rdi]") { $0.movsxWord(.r12, mem(.rdi)) },
      Case("movsxd rax,ecx") { $0.movsxd(.rax, .rcx) },
      Case("movsxd r10,DWORD PTR [r11+0x4]") { $0.movsxd(.r10, mem(.r11, 4)) },
      Case("lea rax,[rbx+rcx*2+0x10]") { $0.lea(.rax, mem(.rbx, .rcx, .x2, 16)) },
      Case("lea eax,[rdi+rsi*1]") { $0.lea(.rax, mem(.rdi, .rsi, .x1), width: .dword) },
      Case("lea r13,[rip+0x0]") { $0.lea(.r13, .ripRelative(0)) },
      Case("lea rsp,[rsp-0x8]") { $0.lea(.rsp, mem(.rsp, -8)) },
    ])
  }

  @Test func immediateMoves() throws {
    try check([
      Case("mov eax,0x0") { $0.mov(.rax, immediate: 0) },
      Case("mov eax,0xffffffff") { $0.mov(.rax, immediate: 0xFFFF_FFFF) },
      Case("mov r8d,0x1") { $0.mov(.r8, immediate: 1) },
      Case("mov rax,0xffffffffffffffff") { $0.mov(.rax, immediate: -1) },
      Case("mov r12,0xffffffff80000000") { $0.mov(.r12, immediate: -0x8000_0000) },
      Case("movabs rax,0x8000000000000000") { $0.mov(.rax, immediate: Int64.min) },
      Case("movabs r15,0x123456789") { $0.mov(.r15, immediate: 0x1_2345_6789) },
      Case("movabs rcx,0x1") { $0.movabs(.rcx, immediate: 1) },
      Case("mov r15d,0x80000000") { $0.movZeroExtended(.r15, immediate: 0x8000_0000) },
    ])
  }

  @Test func arithmeticAndLogic() throws {
    typealias RR = (inout X86_64Assembler, X86Register, X86Register, X86Width) -> Void
    typealias RM = (inout X86_64Assembler, X86Register, X86Memory) -> Void
    typealias MR = (inout X86_64Assembler, X86Memory, X86Register, X86Width) -> Void
    typealias RI = (inout X86_64Assembler, X86Register, Int32, X86Width) -> Void
    typealias MI = (inout X86_64Assembler, X86Memory, Int32, X86Width) -> Void
    let operations: [(String, RR, RM, MR, RI, MI)] = [
      (
        "add", { $0.add($1, $2, width: $3) }, { $0.add($1, $2) }, { $0.add($1, $2, width: $3) },
        { $0.add($1, immediate: $2, width: $3) }, { $0.add($1, immediate: $2, width: $3) }
      ),
      (
        "sub", { $0.sub($1, $2, width: $3) }, { $0.sub($1, $2) }, { $0.sub($1, $2, width: $3) },
        { $0.sub($1, immediate: $2, width: $3) }, { $0.sub($1, immediate: $2, width: $3) }
      ),
      (
        "and", { $0.and($1, $2, width: $3) }, { $0.and($1, $2) }, { $0.and($1, $2, width: $3) },
        { $0.and($1, immediate: $2, width: $3) }, { $0.and($1, immediate: $2, width: $3) }
      ),
      (
        "or", { $0.or($1, $2, width: $3) }, { $0.or($1, $2) }, { $0.or($1, $2, width: $3) },
        { $0.or($1, immediate: $2, width: $3) }, { $0.or($1, immediate: $2, width: $3) }
      ),
      (
        "xor", { $0.xor($1, $2, width: $3) }, { $0.xor($1, $2) }, { $0.xor($1, $2, width: $3) },
        { $0.xor($1, immediate: $2, width: $3) }, { $0.xor($1, immediate: $2, width: $3) }
      ),
      (
        "cmp", { $0.cmp($1, $2, width: $3) }, { $0.cmp($1, $2) }, { $0.cmp($1, $2, width: $3) },
        { $0.cmp($1, immediate: $2, width: $3) }, { $0.cmp($1, immediate: $2, width: $3) }
      ),
    ]
    var cases: [Case] = []
    for (name, rr, rm, mr, ri, mi) in operations {
      cases += [
        Case("\(name) rax,r15") { rr(&$0, .rax, .r15, .qword) },
        Case("\(name) r8d,r9d") { rr(&$0, .r8, .r9, .dword) },
        Case("\(name) rsp,rbx") { rr(&$0, .rsp, .rbx, .qword) },
        Case("\(name) rcx,QWORD PTR [rsp+0x8]") { rm(&$0, .rcx, mem(.rsp, 8)) },
        Case("\(name) r13,QWORD PTR [r12+rbp*8-0x100]") {
          rm(&$0, .r13, mem(.r12, .rbp, .x8, -0x100))
        },
        Case("\(name) QWORD PTR [r12+0x10],rdx") { mr(&$0, mem(.r12, 16), .rdx, .qword) },
        Case("\(name) DWORD PTR [rbp-0x4],r10d") { mr(&$0, mem(.rbp, -4), .r10, .dword) },
        Case("\(name) rax,0x1") { ri(&$0, .rax, 1, .qword) },
        Case("\(name) rax,0x7f") { ri(&$0, .rax, 127, .qword) },
        Case("\(name) rax,0xffffffffffffff80") { ri(&$0, .rax, -128, .qword) },
        Case("\(name) rax,0xffffffffffffffff") { ri(&$0, .rax, -1, .qword) },
        Case("\(name) eax,0xffffffff") { ri(&$0, .rax, -1, .dword) },
        Case("\(name) r11,0x80") { ri(&$0, .r11, 128, .qword) },
        Case("\(name) r11,0x12345678") { ri(&$0, .r11, 0x1234_5678, .qword) },
        Case("\(name) r14,0xffffffff80000000") { ri(&$0, .r14, Int32.min, .qword) },
        Case("\(name) r14d,0x7fffffff") { ri(&$0, .r14, Int32.max, .dword) },
        Case("\(name) QWORD PTR [rax],0x7f") { mi(&$0, mem(.rax), 127, .qword) },
        Case("\(name) DWORD PTR [rbp-0x8],0x80") { mi(&$0, mem(.rbp, -8), 128, .dword) },
        Case("\(name) QWORD PTR [r13+r14*4+0x0],0xfffffffffffffffe") {
          mi(&$0, mem(.r13, .r14, .x4), -2, .qword)
        },
      ]
    }
    try check(cases)
  }

  @Test func testMultiplyDivideNegate() throws {
    try check([
      Case("test rax,rcx") { $0.test(.rax, .rcx) },
      Case("test r9d,r9d") { $0.test(.r9, .r9, width: .dword) },
      Case("test QWORD PTR [rax],r9") { $0.test(mem(.rax), .r9) },
      Case("test r10,0xff") { $0.test(.r10, immediate: 0xFF) },
      Case("test eax,0x1") { $0.test(.rax, immediate: 1, width: .dword) },
      Case("test DWORD PTR [rsp+0x4],0x10000") {
        $0.test(mem(.rsp, 4), immediate: 0x10000, width: .dword)
      },
      Case("test QWORD PTR [rsp+0x4],0xffffffff80000000") {
        $0.test(mem(.rsp, 4), immediate: Int32.min)
      },
      Case("test al,0x7") { $0.testByte(.rax, immediate: 7) },
      Case("test sil,0x7") { $0.testByte(.rsi, immediate: 7) },
      Case("test r12b,0x1") { $0.testByte(.r12, immediate: 1) },
      Case("test BYTE PTR [rdi],0x80") { $0.testByte(mem(.rdi), immediate: 0x80) },
      Case("imul rax,rcx") { $0.imul(.rax, .rcx) },
      Case("imul r15d,r8d") { $0.imul(.r15, .r8, width: .dword) },
      Case("imul r9d,DWORD PTR [r10]") { $0.imul(.r9, mem(.r10), width: .dword) },
      Case("imul rax,rbx,0xa") { $0.imul(.rax, .rbx, immediate: 10) },
      Case("imul r15,r14,0x186a0") { $0.imul(.r15, .r14, immediate: 100_000) },
      Case("imul rcx,QWORD PTR [rsp+0x8],0xffffffffffffff80") {
        $0.imul(.rcx, mem(.rsp, 8), immediate: -128)
      },
      Case("imul ecx,DWORD PTR [rsp+0x8],0x7fffffff") {
        $0.imul(.rcx, mem(.rsp, 8), immediate: Int32.max, width: .dword)
      },
      Case("idiv rcx") { $0.idiv(.rcx) },
      Case("idiv r11d") { $0.idiv(.r11, width: .dword) },
      Case("div rsi") { $0.div(.rsi) },
      Case("cqo") { $0.signExtendAccumulator() },
      Case("cdq") { $0.signExtendAccumulator(width: .dword) },
      Case("not rax") { $0.not(.rax) },
      Case("not r8d") { $0.not(.r8, width: .dword) },
      Case("not DWORD PTR [rbx]") { $0.not(mem(.rbx), width: .dword) },
      Case("neg r14") { $0.neg(.r14) },
      Case("neg QWORD PTR [rsp]") { $0.neg(mem(.rsp)) },
    ])
  }

  @Test func shifts() throws {
    try check([
      Case("shl rax,0x3") { $0.shl(.rax, immediate: 3) },
      Case("shl rax,1") { $0.shl(.rax, immediate: 1) },
      Case("shl r15,0x3f") { $0.shl(.r15, immediate: 63) },
      Case("shl DWORD PTR [rax],0x4") { $0.shl(mem(.rax), immediate: 4, width: .dword) },
      Case("shr eax,0x1f") { $0.shr(.rax, immediate: 31, width: .dword) },
      Case("shr r12,0x20") { $0.shr(.r12, immediate: 32) },
      Case("shr QWORD PTR [r9+0x8],1") { $0.shr(mem(.r9, 8), immediate: 1) },
      Case("sar rdi,0x2") { $0.sar(.rdi, immediate: 2) },
      Case("sar r10d,1") { $0.sar(.r10, immediate: 1, width: .dword) },
      Case("sar QWORD PTR [rbx],0x2") { $0.sar(mem(.rbx), immediate: 2) },
      Case("shl rdx,cl") { $0.shlByCL(.rdx) },
      Case("shl DWORD PTR [rsp],cl") { $0.shlByCL(mem(.rsp), width: .dword) },
      Case("shr r9d,cl") { $0.shrByCL(.r9, width: .dword) },
      Case("shr QWORD PTR [rax],cl") { $0.shrByCL(mem(.rax)) },
      Case("sar r13,cl") { $0.sarByCL(.r13) },
      Case("sar QWORD PTR [rax+0x8],cl") { $0.sarByCL(mem(.rax, 8)) },
    ])
  }

  @Test func conditionalSetAndMove() throws {
    let suffixes = [
      "o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g",
    ]
    var cases: [Case] = []
    for (condition, suffix) in zip(X86Condition.allCases, suffixes) {
      cases += [
        Case("set\(suffix) al") { $0.set(condition, .rax) },
        Case("set\(suffix) sil") { $0.set(condition, .rsi) },
        Case("set\(suffix) r8b") { $0.set(condition, .r8) },
        Case("set\(suffix) BYTE PTR [rax+0x1]") { $0.set(condition, mem(.rax, 1)) },
        Case("cmov\(suffix) rax,r12") { $0.cmov(condition, .rax, .r12) },
        Case("cmov\(suffix) ecx,edx") { $0.cmov(condition, .rcx, .rdx, width: .dword) },
        Case("cmov\(suffix) r9,QWORD PTR [rbp-0x10]") { $0.cmov(condition, .r9, mem(.rbp, -16)) },
      ]
    }
    try check(cases)
  }

  @Test func indirectControlFlowAndStack() throws {
    try check([
      Case("jmp rax") { $0.jmp(.rax) },
      Case("jmp r11") { $0.jmp(.r11) },
      Case("jmp QWORD PTR [rax+0x8]") { $0.jmp(mem(.rax, 8)) },
      Case("call rax") { $0.call(.rax) },
      Case("call r12") { $0.call(.r12) },
      Case("call QWORD PTR [r14+0x18]") { $0.call(mem(.r14, 0x18)) },
      Case("ret") { $0.ret() },
      Case("push rbx") { $0.push(.rbx) },
      Case("push r15") { $0.push(.r15) },
      Case("push 0xffffffffffffffff") { $0.push(immediate: -1) },
      Case("push 0x12345678") { $0.push(immediate: 0x1234_5678) },
      Case("pop rbp") { $0.pop(.rbp) },
      Case("pop r13") { $0.pop(.r13) },
      Case("nop") { $0.nop() },
      Case("int3") { $0.int3() },
      Case("ud2") { $0.ud2() },
    ])
  }

  @Test func sse2() throws {
    try check([
      Case("movsd xmm0,xmm1") { $0.movsd(.xmm0, .xmm1) },
      Case("movsd xmm8,xmm15") { $0.movsd(.xmm8, .xmm15) },
      Case("movsd xmm3,QWORD PTR [rsp+0x8]") { $0.movsd(.xmm3, mem(.rsp, 8)) },
      Case("movsd xmm10,QWORD PTR [r13+0x0]") { $0.movsd(.xmm10, mem(.r13)) },
      Case("movsd QWORD PTR [r9+rax*8],xmm12") { $0.movsd(mem(.r9, .rax, .x8), .xmm12) },
      Case("movsd QWORD PTR [rip+0x8],xmm1") { $0.movsd(.ripRelative(8), .xmm1) },
      Case("movq xmm0,rax") { $0.movq(.xmm0, .rax) },
      Case("movq xmm9,r10") { $0.movq(.xmm9, .r10) },
      Case("movq rcx,xmm15") { $0.movq(.rcx, .xmm15) },
      Case("movq r8,xmm2") { $0.movq(.r8, .xmm2) },
      Case("addsd xmm0,xmm1") { $0.addsd(.xmm0, .xmm1) },
      Case("addsd xmm14,QWORD PTR [rbx+0x10]") { $0.addsd(.xmm14, mem(.rbx, 16)) },
      Case("subsd xmm2,xmm11") { $0.subsd(.xmm2, .xmm11) },
      Case("subsd xmm2,QWORD PTR [r12]") { $0.subsd(.xmm2, mem(.r12)) },
      Case("mulsd xmm15,xmm0") { $0.mulsd(.xmm15, .xmm0) },
      Case("mulsd xmm7,QWORD PTR [rax+rcx*8]") { $0.mulsd(.xmm7, mem(.rax, .rcx, .x8)) },
      Case("divsd xmm4,xmm5") { $0.divsd(.xmm4, .xmm5) },
      Case("divsd xmm4,QWORD PTR [rsp]") { $0.divsd(.xmm4, mem(.rsp)) },
      Case("sqrtsd xmm1,xmm9") { $0.sqrtsd(.xmm1, .xmm9) },
      Case("sqrtsd xmm1,QWORD PTR [rdi]") { $0.sqrtsd(.xmm1, mem(.rdi)) },
      Case("ucomisd xmm0,xmm1") { $0.ucomisd(.xmm0, .xmm1) },
      Case("ucomisd xmm13,QWORD PTR [rbp+0x8]") { $0.ucomisd(.xmm13, mem(.rbp, 8)) },
      Case("xorpd xmm2,xmm2") { $0.xorpd(.xmm2, .xmm2) },
      Case("andpd xmm8,xmm3") { $0.andpd(.xmm8, .xmm3) },
      Case("cvtsi2sd xmm0,rax") { $0.cvtsi2sd(.xmm0, .rax) },
      Case("cvtsi2sd xmm0,eax") { $0.cvtsi2sd(.xmm0, .rax, width: .dword) },
      Case("cvtsi2sd xmm12,r15") { $0.cvtsi2sd(.xmm12, .r15) },
      Case("cvtsi2sd xmm1,QWORD PTR [rdi]") { $0.cvtsi2sd(.xmm1, mem(.rdi)) },
      Case("cvtsi2sd xmm1,DWORD PTR [rdi]") { $0.cvtsi2sd(.xmm1, mem(.rdi), width: .dword) },
      Case("cvttsd2si rax,xmm0") { $0.cvttsd2si(.rax, .xmm0) },
      Case("cvttsd2si r8d,xmm9") { $0.cvttsd2si(.r8, .xmm9, width: .dword) },
      Case("cvttsd2si rax,QWORD PTR [rsp]") { $0.cvttsd2si(.rax, mem(.rsp)) },
    ])
  }

  /// Label references in one listing: objdump prints branch targets as
  /// absolute offsets from the start of the code.
  @Test func labelsAndBranches() throws {
    var a = X86_64Assembler()
    let top = a.makeLabel()
    let forward = a.makeLabel()
    let constant = a.makeLabel()
    a.bind(top)  // 0x0
    a.nop()  // 0x0
    a.jmp(top)  // 0x1: short backward
    a.j(.notEqual, top)  // 0x3: short backward
    a.jmp(forward)  // 0x5: near forward (5 bytes)
    a.j(.less, forward)  // 0xa: near forward (6 bytes)
    a.call(forward)  // 0x10
    a.movsd(.xmm0, .ripRelative(constant))  // 0x15: 8 bytes
    // 0x1d: the rip field is followed by an imm32; the instruction ends at 0x28.
    a.mov(.ripRelative(constant), immediate: 7)
    a.bind(forward)  // 0x28
    a.ret()  // 0x28
    a.align(to: 8)  // 0x29 int3 ... 0x2f
    a.bind(constant)  // 0x30
    a.emit64(0x4000_0000_0000_0000)
    let code = try a.finalize()
    let listing = try objdump(Array(code.bytes[0..<0x29]), .x64)
    #expect(
      listing.map { "\(String($0.offset, radix: 16)): \($0.text)" } == [
        "0: nop",
        "1: jmp 0x0",
        "3: jne 0x0",
        "5: jmp 0x28",
        "a: jl 0x28",
        "10: call 0x28",
        "15: movsd xmm0,QWORD PTR [rip+0x13]",
        "1d: mov QWORD PTR [rip+0x8],0x7",
      ] + ["28: ret"])
    #expect(code.bytes.count == 0x38)
    #expect(code.offset(of: constant) == 0x30)
  }

  /// Every condition, both as a short backward and a near forward branch,
  /// plus the boundary where a backward branch stops fitting in rel8.
  @Test func conditionalBranchForms() throws {
    let suffixes = [
      "o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g",
    ]
    var a = X86_64Assembler()
    let start = a.makeLabel()
    let end = a.makeLabel()
    a.bind(start)
    for condition in X86Condition.allCases { a.j(condition, start) }  // 16 * 2 bytes
    for condition in X86Condition.allCases { a.j(condition, end) }  // 16 * 6 bytes
    a.bind(end)  // 0x80: 0x20 + 0x60
    let code = try a.finalize()
    let listing = try objdump(code.bytes, .x64).map(\.text)
    let expected = suffixes.map { "j\($0) 0x0" } + suffixes.map { "j\($0) 0x80" }
    #expect(listing == expected)

    // rel8 reaches back 128 bytes from the end of the 2-byte jump.
    var b = X86_64Assembler()
    let target = b.makeLabel()
    b.bind(target)
    for _ in 0..<126 { b.nop() }
    b.jmp(target)  // at 126: distance -128 still short
    b.jmp(target)  // at 128: distance -130 needs rel32
    let farListing = try objdump(try b.finalize().bytes, .x64).suffix(2).map {
      "\($0.offset): \($0.text)"
    }
    #expect(farListing == ["126: jmp 0x0", "128: jmp 0x0"])
    #expect(try b.finalize().bytes.count == 126 + 2 + 5)
  }

  @Test func unboundLabelIsAnError() {
    var a = X86_64Assembler()
    let never = a.makeLabel()
    a.jmp(never)
    #expect(throws: AssemblerError.unboundLabel(never)) { try a.finalize() }
  }
}
