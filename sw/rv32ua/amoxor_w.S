# amoxor.w: rd = M[rs1]; M[rs1] = M[rs1] ^ rs2, as one atomic step; the aq/rl
# bits are accepted and ignored.
# Our RV32A test (not from riscv-tests): every pair of corner values (0, 1, -1,
# INT_MIN, INT_MAX, INT_MIN + 1, -2, 2^16), mixed values, the aq/rl forms, rd
# equal to rs2 or rs1, rd = x0, rs2 = x0, dependences 0..2 instructions apart,
# write after write, two AMOs back to back, one word written.
# Each thread works in its own slot (TEST_A_BEGIN in sw/env/test_macros.h), so
# the result does not depend on W, T or the interleaving.
# Self-checking: gp holds the case number (2..101); exit code 0 on success,
# (case << 1) | 1 on the first failing case.  Without A: illegal instruction.
#include "riscv_test.h"
#include "test_macros.h"

#define A_SLOTS 64

RVTEST_RV32U
RVTEST_CODE_BEGIN
        TEST_A_BEGIN(A_SLOTS)

        # corner values, every pair (init, operand); the word is read back
        # by the next instruction; offsets 0, 4, 8, 12 of the slot in turn
        TEST_AMO_OP(2, amoxor.w, 0x00000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(3, amoxor.w, 0x00000000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(4, amoxor.w, 0x00000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(5, amoxor.w, 0x00000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(6, amoxor.w, 0x00000000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(7, amoxor.w, 0x00000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(8, amoxor.w, 0x00000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(9, amoxor.w, 0x00000000, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(10, amoxor.w, 0x00000001, 0x00000000, 0x00000001, 8)
        TEST_AMO_OP(11, amoxor.w, 0x00000001, 0x00000001, 0x00000000, 12)
        TEST_AMO_OP(12, amoxor.w, 0x00000001, 0xffffffff, 0xfffffffe, 0)
        TEST_AMO_OP(13, amoxor.w, 0x00000001, 0x80000000, 0x80000001, 4)
        TEST_AMO_OP(14, amoxor.w, 0x00000001, 0x7fffffff, 0x7ffffffe, 8)
        TEST_AMO_OP(15, amoxor.w, 0x00000001, 0x80000001, 0x80000000, 12)
        TEST_AMO_OP(16, amoxor.w, 0x00000001, 0xfffffffe, 0xffffffff, 0)
        TEST_AMO_OP(17, amoxor.w, 0x00000001, 0x00010000, 0x00010001, 4)
        TEST_AMO_OP(18, amoxor.w, 0xffffffff, 0x00000000, 0xffffffff, 8)
        TEST_AMO_OP(19, amoxor.w, 0xffffffff, 0x00000001, 0xfffffffe, 12)
        TEST_AMO_OP(20, amoxor.w, 0xffffffff, 0xffffffff, 0x00000000, 0)
        TEST_AMO_OP(21, amoxor.w, 0xffffffff, 0x80000000, 0x7fffffff, 4)
        TEST_AMO_OP(22, amoxor.w, 0xffffffff, 0x7fffffff, 0x80000000, 8)
        TEST_AMO_OP(23, amoxor.w, 0xffffffff, 0x80000001, 0x7ffffffe, 12)
        TEST_AMO_OP(24, amoxor.w, 0xffffffff, 0xfffffffe, 0x00000001, 0)
        TEST_AMO_OP(25, amoxor.w, 0xffffffff, 0x00010000, 0xfffeffff, 4)
        TEST_AMO_OP(26, amoxor.w, 0x80000000, 0x00000000, 0x80000000, 8)
        TEST_AMO_OP(27, amoxor.w, 0x80000000, 0x00000001, 0x80000001, 12)
        TEST_AMO_OP(28, amoxor.w, 0x80000000, 0xffffffff, 0x7fffffff, 0)
        TEST_AMO_OP(29, amoxor.w, 0x80000000, 0x80000000, 0x00000000, 4)
        TEST_AMO_OP(30, amoxor.w, 0x80000000, 0x7fffffff, 0xffffffff, 8)
        TEST_AMO_OP(31, amoxor.w, 0x80000000, 0x80000001, 0x00000001, 12)
        TEST_AMO_OP(32, amoxor.w, 0x80000000, 0xfffffffe, 0x7ffffffe, 0)
        TEST_AMO_OP(33, amoxor.w, 0x80000000, 0x00010000, 0x80010000, 4)
        TEST_AMO_OP(34, amoxor.w, 0x7fffffff, 0x00000000, 0x7fffffff, 8)
        TEST_AMO_OP(35, amoxor.w, 0x7fffffff, 0x00000001, 0x7ffffffe, 12)
        TEST_AMO_OP(36, amoxor.w, 0x7fffffff, 0xffffffff, 0x80000000, 0)
        TEST_AMO_OP(37, amoxor.w, 0x7fffffff, 0x80000000, 0xffffffff, 4)
        TEST_AMO_OP(38, amoxor.w, 0x7fffffff, 0x7fffffff, 0x00000000, 8)
        TEST_AMO_OP(39, amoxor.w, 0x7fffffff, 0x80000001, 0xfffffffe, 12)
        TEST_AMO_OP(40, amoxor.w, 0x7fffffff, 0xfffffffe, 0x80000001, 0)
        TEST_AMO_OP(41, amoxor.w, 0x7fffffff, 0x00010000, 0x7ffeffff, 4)
        TEST_AMO_OP(42, amoxor.w, 0x80000001, 0x00000000, 0x80000001, 8)
        TEST_AMO_OP(43, amoxor.w, 0x80000001, 0x00000001, 0x80000000, 12)
        TEST_AMO_OP(44, amoxor.w, 0x80000001, 0xffffffff, 0x7ffffffe, 0)
        TEST_AMO_OP(45, amoxor.w, 0x80000001, 0x80000000, 0x00000001, 4)
        TEST_AMO_OP(46, amoxor.w, 0x80000001, 0x7fffffff, 0xfffffffe, 8)
        TEST_AMO_OP(47, amoxor.w, 0x80000001, 0x80000001, 0x00000000, 12)
        TEST_AMO_OP(48, amoxor.w, 0x80000001, 0xfffffffe, 0x7fffffff, 0)
        TEST_AMO_OP(49, amoxor.w, 0x80000001, 0x00010000, 0x80010001, 4)
        TEST_AMO_OP(50, amoxor.w, 0xfffffffe, 0x00000000, 0xfffffffe, 8)
        TEST_AMO_OP(51, amoxor.w, 0xfffffffe, 0x00000001, 0xffffffff, 12)
        TEST_AMO_OP(52, amoxor.w, 0xfffffffe, 0xffffffff, 0x00000001, 0)
        TEST_AMO_OP(53, amoxor.w, 0xfffffffe, 0x80000000, 0x7ffffffe, 4)
        TEST_AMO_OP(54, amoxor.w, 0xfffffffe, 0x7fffffff, 0x80000001, 8)
        TEST_AMO_OP(55, amoxor.w, 0xfffffffe, 0x80000001, 0x7fffffff, 12)
        TEST_AMO_OP(56, amoxor.w, 0xfffffffe, 0xfffffffe, 0x00000000, 0)
        TEST_AMO_OP(57, amoxor.w, 0xfffffffe, 0x00010000, 0xfffefffe, 4)
        TEST_AMO_OP(58, amoxor.w, 0x00010000, 0x00000000, 0x00010000, 8)
        TEST_AMO_OP(59, amoxor.w, 0x00010000, 0x00000001, 0x00010001, 12)
        TEST_AMO_OP(60, amoxor.w, 0x00010000, 0xffffffff, 0xfffeffff, 0)
        TEST_AMO_OP(61, amoxor.w, 0x00010000, 0x80000000, 0x80010000, 4)
        TEST_AMO_OP(62, amoxor.w, 0x00010000, 0x7fffffff, 0x7ffeffff, 8)
        TEST_AMO_OP(63, amoxor.w, 0x00010000, 0x80000001, 0x80010001, 12)
        TEST_AMO_OP(64, amoxor.w, 0x00010000, 0xfffffffe, 0xfffefffe, 0)
        TEST_AMO_OP(65, amoxor.w, 0x00010000, 0x00010000, 0x00000000, 4)

        # mixed values
        TEST_AMO_OP(66, amoxor.w, 0xf36b52e4, 0x37e961f1, 0xc4823315, 8)
        TEST_AMO_OP(67, amoxor.w, 0xddb6104c, 0xc564280b, 0x18d23847, 12)
        TEST_AMO_OP(68, amoxor.w, 0xcbfc41a3, 0x0d68a0dc, 0xc694e17f, 0)
        TEST_AMO_OP(69, amoxor.w, 0x0ed5c21b, 0xb50b9e2c, 0xbbde5c37, 4)
        TEST_AMO_OP(70, amoxor.w, 0x3cb0120c, 0x80242728, 0xbc943524, 8)
        TEST_AMO_OP(71, amoxor.w, 0x443307e1, 0x363a52c5, 0x72095524, 12)
        TEST_AMO_OP(72, amoxor.w, 0x363ed0a1, 0x39d148ce, 0x0fef986f, 0)
        TEST_AMO_OP(73, amoxor.w, 0x69d15dea, 0x09e64b45, 0x603716af, 4)

        # the aq, rl and aqrl forms (Simty ignores the ordering bits)
        TEST_AMO_OP(74, amoxor.w.aq, 0x0000abcd, 0xffff1234, 0xffffb9f9, 8)
        TEST_AMO_OP(75, amoxor.w.rl, 0x80000000, 0x00000007, 0x80000007, 12)
        TEST_AMO_OP(76, amoxor.w.aqrl, 0xfffffff0, 0x7ffffff0, 0x80000000, 0)

        # rd = rs2, rd = rs1, rd = x0, rs2 = x0
        TEST_AMO_SRC2_EQ_DEST(77, amoxor.w, 0x13579bdf, 0xfedcba98, 0xed8b2147, 4)
        TEST_AMO_SRC1_EQ_DEST(78, amoxor.w, 0x80000010, 0x0000ff00, 0x8000ff10, 8)
        TEST_AMO_ZERODEST(79, amoxor.w, 0x7ff00001, 0x80000f00, 0xfff00f01, 12)
        TEST_AMO_ZEROSRC2(80, amoxor.w, 0xc0de1234, 0xc0de1234, 0)
        TEST_AMO_ZEROSRC2(81, amoxor.w, 0x00000000, 0x00000000, 4)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_AMO_DEST_BYPASS(82, 0, amoxor.w, 0x0000000d, 0xfffffff5, 0xfffffff8, 8)
        TEST_AMO_DEST_BYPASS(83, 1, amoxor.w, 0x80000001, 0x7fffffff, 0xfffffffe, 12)
        TEST_AMO_DEST_BYPASS(84, 2, amoxor.w, 0x12345678, 0x87654321, 0x95511559, 0)
        TEST_AMO_SRC12_BYPASS(85, 0, 0, amoxor.w, 0x0000000d, 0xfffffff5, 0xfffffff8, 4)
        TEST_AMO_SRC12_BYPASS(86, 0, 1, amoxor.w, 0x80000001, 0x7fffffff, 0xfffffffe, 8)
        TEST_AMO_SRC12_BYPASS(87, 0, 2, amoxor.w, 0x12345678, 0x87654321, 0x95511559, 12)
        TEST_AMO_SRC12_BYPASS(88, 1, 0, amoxor.w, 0x80000001, 0x7fffffff, 0xfffffffe, 0)
        TEST_AMO_SRC12_BYPASS(89, 1, 1, amoxor.w, 0x12345678, 0x87654321, 0x95511559, 4)
        TEST_AMO_SRC12_BYPASS(90, 2, 0, amoxor.w, 0x12345678, 0x87654321, 0x95511559, 8)
        TEST_AMO_SRC21_BYPASS(91, 0, 0, amoxor.w, 0x0000000d, 0xfffffff5, 0xfffffff8, 12)
        TEST_AMO_SRC21_BYPASS(92, 0, 1, amoxor.w, 0x12345678, 0x87654321, 0x95511559, 0)
        TEST_AMO_SRC21_BYPASS(93, 1, 0, amoxor.w, 0x80000001, 0x7fffffff, 0xfffffffe, 4)
        TEST_AMO_SRC21_BYPASS(94, 2, 0, amoxor.w, 0x12345678, 0x87654321, 0x95511559, 8)

        # write after write: a younger ALU result to rd must win
        TEST_AMO_WAW(95, 0, amoxor.w, 0x0000000d, 0xfffffff5, 0xfffffff8, 12)
        TEST_AMO_WAW(96, 1, amoxor.w, 0x80000001, 0x7fffffff, 0xfffffffe, 0)
        TEST_AMO_WAW(97, 2, amoxor.w, 0x12345678, 0x87654321, 0x95511559, 4)

        # two AMOs on the word back to back
        TEST_AMO_TWICE(98, amoxor.w, 0x00000005, 0xfffffffd, 0xfffffff8, 0x00000005, 8)
        TEST_AMO_TWICE(99, amoxor.w, 0x80000000, 0x7fffffff, 0xffffffff, 0x80000000, 12)
        TEST_AMO_TWICE(100, amoxor.w, 0x0f0f0f0f, 0x00ff00ff, 0x0ff00ff0, 0x0f0f0f0f, 0)

        # only the AMO's word changes; its result stored and read back
        TEST_AMO_ONE_WORD(101, amoxor.w, 0x89abcdef, 0x76543210, 0xffffffff)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(A_SLOTS)
