# amoadd.w: rd = M[rs1]; M[rs1] = M[rs1] + rs2, as one atomic step; the aq/rl
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
        TEST_AMO_OP(2, amoadd.w, 0x00000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(3, amoadd.w, 0x00000000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(4, amoadd.w, 0x00000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(5, amoadd.w, 0x00000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(6, amoadd.w, 0x00000000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(7, amoadd.w, 0x00000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(8, amoadd.w, 0x00000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(9, amoadd.w, 0x00000000, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(10, amoadd.w, 0x00000001, 0x00000000, 0x00000001, 8)
        TEST_AMO_OP(11, amoadd.w, 0x00000001, 0x00000001, 0x00000002, 12)
        TEST_AMO_OP(12, amoadd.w, 0x00000001, 0xffffffff, 0x00000000, 0)
        TEST_AMO_OP(13, amoadd.w, 0x00000001, 0x80000000, 0x80000001, 4)
        TEST_AMO_OP(14, amoadd.w, 0x00000001, 0x7fffffff, 0x80000000, 8)
        TEST_AMO_OP(15, amoadd.w, 0x00000001, 0x80000001, 0x80000002, 12)
        TEST_AMO_OP(16, amoadd.w, 0x00000001, 0xfffffffe, 0xffffffff, 0)
        TEST_AMO_OP(17, amoadd.w, 0x00000001, 0x00010000, 0x00010001, 4)
        TEST_AMO_OP(18, amoadd.w, 0xffffffff, 0x00000000, 0xffffffff, 8)
        TEST_AMO_OP(19, amoadd.w, 0xffffffff, 0x00000001, 0x00000000, 12)
        TEST_AMO_OP(20, amoadd.w, 0xffffffff, 0xffffffff, 0xfffffffe, 0)
        TEST_AMO_OP(21, amoadd.w, 0xffffffff, 0x80000000, 0x7fffffff, 4)
        TEST_AMO_OP(22, amoadd.w, 0xffffffff, 0x7fffffff, 0x7ffffffe, 8)
        TEST_AMO_OP(23, amoadd.w, 0xffffffff, 0x80000001, 0x80000000, 12)
        TEST_AMO_OP(24, amoadd.w, 0xffffffff, 0xfffffffe, 0xfffffffd, 0)
        TEST_AMO_OP(25, amoadd.w, 0xffffffff, 0x00010000, 0x0000ffff, 4)
        TEST_AMO_OP(26, amoadd.w, 0x80000000, 0x00000000, 0x80000000, 8)
        TEST_AMO_OP(27, amoadd.w, 0x80000000, 0x00000001, 0x80000001, 12)
        TEST_AMO_OP(28, amoadd.w, 0x80000000, 0xffffffff, 0x7fffffff, 0)
        TEST_AMO_OP(29, amoadd.w, 0x80000000, 0x80000000, 0x00000000, 4)
        TEST_AMO_OP(30, amoadd.w, 0x80000000, 0x7fffffff, 0xffffffff, 8)
        TEST_AMO_OP(31, amoadd.w, 0x80000000, 0x80000001, 0x00000001, 12)
        TEST_AMO_OP(32, amoadd.w, 0x80000000, 0xfffffffe, 0x7ffffffe, 0)
        TEST_AMO_OP(33, amoadd.w, 0x80000000, 0x00010000, 0x80010000, 4)
        TEST_AMO_OP(34, amoadd.w, 0x7fffffff, 0x00000000, 0x7fffffff, 8)
        TEST_AMO_OP(35, amoadd.w, 0x7fffffff, 0x00000001, 0x80000000, 12)
        TEST_AMO_OP(36, amoadd.w, 0x7fffffff, 0xffffffff, 0x7ffffffe, 0)
        TEST_AMO_OP(37, amoadd.w, 0x7fffffff, 0x80000000, 0xffffffff, 4)
        TEST_AMO_OP(38, amoadd.w, 0x7fffffff, 0x7fffffff, 0xfffffffe, 8)
        TEST_AMO_OP(39, amoadd.w, 0x7fffffff, 0x80000001, 0x00000000, 12)
        TEST_AMO_OP(40, amoadd.w, 0x7fffffff, 0xfffffffe, 0x7ffffffd, 0)
        TEST_AMO_OP(41, amoadd.w, 0x7fffffff, 0x00010000, 0x8000ffff, 4)
        TEST_AMO_OP(42, amoadd.w, 0x80000001, 0x00000000, 0x80000001, 8)
        TEST_AMO_OP(43, amoadd.w, 0x80000001, 0x00000001, 0x80000002, 12)
        TEST_AMO_OP(44, amoadd.w, 0x80000001, 0xffffffff, 0x80000000, 0)
        TEST_AMO_OP(45, amoadd.w, 0x80000001, 0x80000000, 0x00000001, 4)
        TEST_AMO_OP(46, amoadd.w, 0x80000001, 0x7fffffff, 0x00000000, 8)
        TEST_AMO_OP(47, amoadd.w, 0x80000001, 0x80000001, 0x00000002, 12)
        TEST_AMO_OP(48, amoadd.w, 0x80000001, 0xfffffffe, 0x7fffffff, 0)
        TEST_AMO_OP(49, amoadd.w, 0x80000001, 0x00010000, 0x80010001, 4)
        TEST_AMO_OP(50, amoadd.w, 0xfffffffe, 0x00000000, 0xfffffffe, 8)
        TEST_AMO_OP(51, amoadd.w, 0xfffffffe, 0x00000001, 0xffffffff, 12)
        TEST_AMO_OP(52, amoadd.w, 0xfffffffe, 0xffffffff, 0xfffffffd, 0)
        TEST_AMO_OP(53, amoadd.w, 0xfffffffe, 0x80000000, 0x7ffffffe, 4)
        TEST_AMO_OP(54, amoadd.w, 0xfffffffe, 0x7fffffff, 0x7ffffffd, 8)
        TEST_AMO_OP(55, amoadd.w, 0xfffffffe, 0x80000001, 0x7fffffff, 12)
        TEST_AMO_OP(56, amoadd.w, 0xfffffffe, 0xfffffffe, 0xfffffffc, 0)
        TEST_AMO_OP(57, amoadd.w, 0xfffffffe, 0x00010000, 0x0000fffe, 4)
        TEST_AMO_OP(58, amoadd.w, 0x00010000, 0x00000000, 0x00010000, 8)
        TEST_AMO_OP(59, amoadd.w, 0x00010000, 0x00000001, 0x00010001, 12)
        TEST_AMO_OP(60, amoadd.w, 0x00010000, 0xffffffff, 0x0000ffff, 0)
        TEST_AMO_OP(61, amoadd.w, 0x00010000, 0x80000000, 0x80010000, 4)
        TEST_AMO_OP(62, amoadd.w, 0x00010000, 0x7fffffff, 0x8000ffff, 8)
        TEST_AMO_OP(63, amoadd.w, 0x00010000, 0x80000001, 0x80010001, 12)
        TEST_AMO_OP(64, amoadd.w, 0x00010000, 0xfffffffe, 0x0000fffe, 0)
        TEST_AMO_OP(65, amoadd.w, 0x00010000, 0x00010000, 0x00020000, 4)

        # mixed values
        TEST_AMO_OP(66, amoadd.w, 0xeab57353, 0xd50d8ca2, 0xbfc2fff5, 8)
        TEST_AMO_OP(67, amoadd.w, 0x5ab94cc9, 0xf050503e, 0x4b099d07, 12)
        TEST_AMO_OP(68, amoadd.w, 0xb714013d, 0x029349fe, 0xb9a74b3b, 0)
        TEST_AMO_OP(69, amoadd.w, 0x41f79f7a, 0xc9aeb268, 0x0ba651e2, 4)
        TEST_AMO_OP(70, amoadd.w, 0x3343df9e, 0x446a0d05, 0x77adeca3, 8)
        TEST_AMO_OP(71, amoadd.w, 0xa24b00e3, 0x598fc41d, 0xfbdac500, 12)
        TEST_AMO_OP(72, amoadd.w, 0x5a0979d6, 0x2c468c70, 0x86500646, 0)
        TEST_AMO_OP(73, amoadd.w, 0x192d4231, 0xd8bf3888, 0xf1ec7ab9, 4)

        # the aq, rl and aqrl forms (Simty ignores the ordering bits)
        TEST_AMO_OP(74, amoadd.w.aq, 0x0000abcd, 0xffff1234, 0xffffbe01, 8)
        TEST_AMO_OP(75, amoadd.w.rl, 0x80000000, 0x00000007, 0x80000007, 12)
        TEST_AMO_OP(76, amoadd.w.aqrl, 0xfffffff0, 0x7ffffff0, 0x7fffffe0, 0)

        # rd = rs2, rd = rs1, rd = x0, rs2 = x0
        TEST_AMO_SRC2_EQ_DEST(77, amoadd.w, 0x13579bdf, 0xfedcba98, 0x12345677, 4)
        TEST_AMO_SRC1_EQ_DEST(78, amoadd.w, 0x80000010, 0x0000ff00, 0x8000ff10, 8)
        TEST_AMO_ZERODEST(79, amoadd.w, 0x7ff00001, 0x80000f00, 0xfff00f01, 12)
        TEST_AMO_ZEROSRC2(80, amoadd.w, 0xc0de1234, 0xc0de1234, 0)
        TEST_AMO_ZEROSRC2(81, amoadd.w, 0x00000000, 0x00000000, 4)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_AMO_DEST_BYPASS(82, 0, amoadd.w, 0x0000000d, 0xfffffff5, 0x00000002, 8)
        TEST_AMO_DEST_BYPASS(83, 1, amoadd.w, 0x80000001, 0x7fffffff, 0x00000000, 12)
        TEST_AMO_DEST_BYPASS(84, 2, amoadd.w, 0x12345678, 0x87654321, 0x99999999, 0)
        TEST_AMO_SRC12_BYPASS(85, 0, 0, amoadd.w, 0x0000000d, 0xfffffff5, 0x00000002, 4)
        TEST_AMO_SRC12_BYPASS(86, 0, 1, amoadd.w, 0x80000001, 0x7fffffff, 0x00000000, 8)
        TEST_AMO_SRC12_BYPASS(87, 0, 2, amoadd.w, 0x12345678, 0x87654321, 0x99999999, 12)
        TEST_AMO_SRC12_BYPASS(88, 1, 0, amoadd.w, 0x80000001, 0x7fffffff, 0x00000000, 0)
        TEST_AMO_SRC12_BYPASS(89, 1, 1, amoadd.w, 0x12345678, 0x87654321, 0x99999999, 4)
        TEST_AMO_SRC12_BYPASS(90, 2, 0, amoadd.w, 0x12345678, 0x87654321, 0x99999999, 8)
        TEST_AMO_SRC21_BYPASS(91, 0, 0, amoadd.w, 0x0000000d, 0xfffffff5, 0x00000002, 12)
        TEST_AMO_SRC21_BYPASS(92, 0, 1, amoadd.w, 0x12345678, 0x87654321, 0x99999999, 0)
        TEST_AMO_SRC21_BYPASS(93, 1, 0, amoadd.w, 0x80000001, 0x7fffffff, 0x00000000, 4)
        TEST_AMO_SRC21_BYPASS(94, 2, 0, amoadd.w, 0x12345678, 0x87654321, 0x99999999, 8)

        # write after write: a younger ALU result to rd must win
        TEST_AMO_WAW(95, 0, amoadd.w, 0x0000000d, 0xfffffff5, 0x00000002, 12)
        TEST_AMO_WAW(96, 1, amoadd.w, 0x80000001, 0x7fffffff, 0x00000000, 0)
        TEST_AMO_WAW(97, 2, amoadd.w, 0x12345678, 0x87654321, 0x99999999, 4)

        # two AMOs on the word back to back
        TEST_AMO_TWICE(98, amoadd.w, 0x00000005, 0xfffffffd, 0x00000002, 0xffffffff, 8)
        TEST_AMO_TWICE(99, amoadd.w, 0x80000000, 0x7fffffff, 0xffffffff, 0x7ffffffe, 12)
        TEST_AMO_TWICE(100, amoadd.w, 0x0f0f0f0f, 0x00ff00ff, 0x100e100e, 0x110d110d, 0)

        # only the AMO's word changes; its result stored and read back
        TEST_AMO_ONE_WORD(101, amoadd.w, 0x89abcdef, 0x76543210, 0xffffffff)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(A_SLOTS)
