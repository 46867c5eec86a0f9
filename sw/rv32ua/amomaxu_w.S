# amomaxu.w: rd = M[rs1]; M[rs1] = the larger of M[rs1] and rs2, unsigned, as
# one atomic step; the aq/rl bits are accepted and ignored.
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
        TEST_AMO_OP(2, amomaxu.w, 0x00000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(3, amomaxu.w, 0x00000000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(4, amomaxu.w, 0x00000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(5, amomaxu.w, 0x00000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(6, amomaxu.w, 0x00000000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(7, amomaxu.w, 0x00000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(8, amomaxu.w, 0x00000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(9, amomaxu.w, 0x00000000, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(10, amomaxu.w, 0x00000001, 0x00000000, 0x00000001, 8)
        TEST_AMO_OP(11, amomaxu.w, 0x00000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(12, amomaxu.w, 0x00000001, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(13, amomaxu.w, 0x00000001, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(14, amomaxu.w, 0x00000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(15, amomaxu.w, 0x00000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(16, amomaxu.w, 0x00000001, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(17, amomaxu.w, 0x00000001, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(18, amomaxu.w, 0xffffffff, 0x00000000, 0xffffffff, 8)
        TEST_AMO_OP(19, amomaxu.w, 0xffffffff, 0x00000001, 0xffffffff, 12)
        TEST_AMO_OP(20, amomaxu.w, 0xffffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(21, amomaxu.w, 0xffffffff, 0x80000000, 0xffffffff, 4)
        TEST_AMO_OP(22, amomaxu.w, 0xffffffff, 0x7fffffff, 0xffffffff, 8)
        TEST_AMO_OP(23, amomaxu.w, 0xffffffff, 0x80000001, 0xffffffff, 12)
        TEST_AMO_OP(24, amomaxu.w, 0xffffffff, 0xfffffffe, 0xffffffff, 0)
        TEST_AMO_OP(25, amomaxu.w, 0xffffffff, 0x00010000, 0xffffffff, 4)
        TEST_AMO_OP(26, amomaxu.w, 0x80000000, 0x00000000, 0x80000000, 8)
        TEST_AMO_OP(27, amomaxu.w, 0x80000000, 0x00000001, 0x80000000, 12)
        TEST_AMO_OP(28, amomaxu.w, 0x80000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(29, amomaxu.w, 0x80000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(30, amomaxu.w, 0x80000000, 0x7fffffff, 0x80000000, 8)
        TEST_AMO_OP(31, amomaxu.w, 0x80000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(32, amomaxu.w, 0x80000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(33, amomaxu.w, 0x80000000, 0x00010000, 0x80000000, 4)
        TEST_AMO_OP(34, amomaxu.w, 0x7fffffff, 0x00000000, 0x7fffffff, 8)
        TEST_AMO_OP(35, amomaxu.w, 0x7fffffff, 0x00000001, 0x7fffffff, 12)
        TEST_AMO_OP(36, amomaxu.w, 0x7fffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(37, amomaxu.w, 0x7fffffff, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(38, amomaxu.w, 0x7fffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(39, amomaxu.w, 0x7fffffff, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(40, amomaxu.w, 0x7fffffff, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(41, amomaxu.w, 0x7fffffff, 0x00010000, 0x7fffffff, 4)
        TEST_AMO_OP(42, amomaxu.w, 0x80000001, 0x00000000, 0x80000001, 8)
        TEST_AMO_OP(43, amomaxu.w, 0x80000001, 0x00000001, 0x80000001, 12)
        TEST_AMO_OP(44, amomaxu.w, 0x80000001, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(45, amomaxu.w, 0x80000001, 0x80000000, 0x80000001, 4)
        TEST_AMO_OP(46, amomaxu.w, 0x80000001, 0x7fffffff, 0x80000001, 8)
        TEST_AMO_OP(47, amomaxu.w, 0x80000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(48, amomaxu.w, 0x80000001, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(49, amomaxu.w, 0x80000001, 0x00010000, 0x80000001, 4)
        TEST_AMO_OP(50, amomaxu.w, 0xfffffffe, 0x00000000, 0xfffffffe, 8)
        TEST_AMO_OP(51, amomaxu.w, 0xfffffffe, 0x00000001, 0xfffffffe, 12)
        TEST_AMO_OP(52, amomaxu.w, 0xfffffffe, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(53, amomaxu.w, 0xfffffffe, 0x80000000, 0xfffffffe, 4)
        TEST_AMO_OP(54, amomaxu.w, 0xfffffffe, 0x7fffffff, 0xfffffffe, 8)
        TEST_AMO_OP(55, amomaxu.w, 0xfffffffe, 0x80000001, 0xfffffffe, 12)
        TEST_AMO_OP(56, amomaxu.w, 0xfffffffe, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(57, amomaxu.w, 0xfffffffe, 0x00010000, 0xfffffffe, 4)
        TEST_AMO_OP(58, amomaxu.w, 0x00010000, 0x00000000, 0x00010000, 8)
        TEST_AMO_OP(59, amomaxu.w, 0x00010000, 0x00000001, 0x00010000, 12)
        TEST_AMO_OP(60, amomaxu.w, 0x00010000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(61, amomaxu.w, 0x00010000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(62, amomaxu.w, 0x00010000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(63, amomaxu.w, 0x00010000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(64, amomaxu.w, 0x00010000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(65, amomaxu.w, 0x00010000, 0x00010000, 0x00010000, 4)

        # mixed values
        TEST_AMO_OP(66, amomaxu.w, 0xe3f566f0, 0x08872eb6, 0xe3f566f0, 8)
        TEST_AMO_OP(67, amomaxu.w, 0x589f3d00, 0x4f3ec37d, 0x589f3d00, 12)
        TEST_AMO_OP(68, amomaxu.w, 0x08eeab5d, 0x29adbb39, 0x29adbb39, 0)
        TEST_AMO_OP(69, amomaxu.w, 0x40f4d4f0, 0x0ded3966, 0x40f4d4f0, 4)
        TEST_AMO_OP(70, amomaxu.w, 0x758166ae, 0x3bc12fb3, 0x758166ae, 8)
        TEST_AMO_OP(71, amomaxu.w, 0xe3bf1ea1, 0xb54c6824, 0xe3bf1ea1, 12)
        TEST_AMO_OP(72, amomaxu.w, 0x8309bf61, 0xe9b4da02, 0xe9b4da02, 0)
        TEST_AMO_OP(73, amomaxu.w, 0x374e84c3, 0xf22eab52, 0xf22eab52, 4)

        # the aq, rl and aqrl forms (Simty ignores the ordering bits)
        TEST_AMO_OP(74, amomaxu.w.aq, 0x0000abcd, 0xffff1234, 0xffff1234, 8)
        TEST_AMO_OP(75, amomaxu.w.rl, 0x80000000, 0x00000007, 0x80000000, 12)
        TEST_AMO_OP(76, amomaxu.w.aqrl, 0xfffffff0, 0x7ffffff0, 0xfffffff0, 0)

        # rd = rs2, rd = rs1, rd = x0, rs2 = x0
        TEST_AMO_SRC2_EQ_DEST(77, amomaxu.w, 0x13579bdf, 0xfedcba98, 0xfedcba98, 4)
        TEST_AMO_SRC1_EQ_DEST(78, amomaxu.w, 0x80000010, 0x0000ff00, 0x80000010, 8)
        TEST_AMO_ZERODEST(79, amomaxu.w, 0x7ff00001, 0x80000f00, 0x80000f00, 12)
        TEST_AMO_ZEROSRC2(80, amomaxu.w, 0xc0de1234, 0xc0de1234, 0)
        TEST_AMO_ZEROSRC2(81, amomaxu.w, 0x00000000, 0x00000000, 4)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_AMO_DEST_BYPASS(82, 0, amomaxu.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 8)
        TEST_AMO_DEST_BYPASS(83, 1, amomaxu.w, 0x80000001, 0x7fffffff, 0x80000001, 12)
        TEST_AMO_DEST_BYPASS(84, 2, amomaxu.w, 0x12345678, 0x87654321, 0x87654321, 0)
        TEST_AMO_SRC12_BYPASS(85, 0, 0, amomaxu.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 4)
        TEST_AMO_SRC12_BYPASS(86, 0, 1, amomaxu.w, 0x80000001, 0x7fffffff, 0x80000001, 8)
        TEST_AMO_SRC12_BYPASS(87, 0, 2, amomaxu.w, 0x12345678, 0x87654321, 0x87654321, 12)
        TEST_AMO_SRC12_BYPASS(88, 1, 0, amomaxu.w, 0x80000001, 0x7fffffff, 0x80000001, 0)
        TEST_AMO_SRC12_BYPASS(89, 1, 1, amomaxu.w, 0x12345678, 0x87654321, 0x87654321, 4)
        TEST_AMO_SRC12_BYPASS(90, 2, 0, amomaxu.w, 0x12345678, 0x87654321, 0x87654321, 8)
        TEST_AMO_SRC21_BYPASS(91, 0, 0, amomaxu.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 12)
        TEST_AMO_SRC21_BYPASS(92, 0, 1, amomaxu.w, 0x12345678, 0x87654321, 0x87654321, 0)
        TEST_AMO_SRC21_BYPASS(93, 1, 0, amomaxu.w, 0x80000001, 0x7fffffff, 0x80000001, 4)
        TEST_AMO_SRC21_BYPASS(94, 2, 0, amomaxu.w, 0x12345678, 0x87654321, 0x87654321, 8)

        # write after write: a younger ALU result to rd must win
        TEST_AMO_WAW(95, 0, amomaxu.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 12)
        TEST_AMO_WAW(96, 1, amomaxu.w, 0x80000001, 0x7fffffff, 0x80000001, 0)
        TEST_AMO_WAW(97, 2, amomaxu.w, 0x12345678, 0x87654321, 0x87654321, 4)

        # two AMOs on the word back to back
        TEST_AMO_TWICE(98, amomaxu.w, 0x00000005, 0xfffffffd, 0xfffffffd, 0xfffffffd, 8)
        TEST_AMO_TWICE(99, amomaxu.w, 0x80000000, 0x7fffffff, 0x80000000, 0x80000000, 12)
        TEST_AMO_TWICE(100, amomaxu.w, 0x0f0f0f0f, 0x00ff00ff, 0x0f0f0f0f, 0x0f0f0f0f, 0)

        # only the AMO's word changes; its result stored and read back
        TEST_AMO_ONE_WORD(101, amomaxu.w, 0x89abcdef, 0x76543210, 0x89abcdef)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(A_SLOTS)
