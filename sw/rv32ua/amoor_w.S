# amoor.w: rd = M[rs1]; M[rs1] = M[rs1] | rs2, as one atomic step; the aq/rl
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
        TEST_AMO_OP(2, amoor.w, 0x00000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(3, amoor.w, 0x00000000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(4, amoor.w, 0x00000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(5, amoor.w, 0x00000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(6, amoor.w, 0x00000000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(7, amoor.w, 0x00000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(8, amoor.w, 0x00000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(9, amoor.w, 0x00000000, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(10, amoor.w, 0x00000001, 0x00000000, 0x00000001, 8)
        TEST_AMO_OP(11, amoor.w, 0x00000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(12, amoor.w, 0x00000001, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(13, amoor.w, 0x00000001, 0x80000000, 0x80000001, 4)
        TEST_AMO_OP(14, amoor.w, 0x00000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(15, amoor.w, 0x00000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(16, amoor.w, 0x00000001, 0xfffffffe, 0xffffffff, 0)
        TEST_AMO_OP(17, amoor.w, 0x00000001, 0x00010000, 0x00010001, 4)
        TEST_AMO_OP(18, amoor.w, 0xffffffff, 0x00000000, 0xffffffff, 8)
        TEST_AMO_OP(19, amoor.w, 0xffffffff, 0x00000001, 0xffffffff, 12)
        TEST_AMO_OP(20, amoor.w, 0xffffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(21, amoor.w, 0xffffffff, 0x80000000, 0xffffffff, 4)
        TEST_AMO_OP(22, amoor.w, 0xffffffff, 0x7fffffff, 0xffffffff, 8)
        TEST_AMO_OP(23, amoor.w, 0xffffffff, 0x80000001, 0xffffffff, 12)
        TEST_AMO_OP(24, amoor.w, 0xffffffff, 0xfffffffe, 0xffffffff, 0)
        TEST_AMO_OP(25, amoor.w, 0xffffffff, 0x00010000, 0xffffffff, 4)
        TEST_AMO_OP(26, amoor.w, 0x80000000, 0x00000000, 0x80000000, 8)
        TEST_AMO_OP(27, amoor.w, 0x80000000, 0x00000001, 0x80000001, 12)
        TEST_AMO_OP(28, amoor.w, 0x80000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(29, amoor.w, 0x80000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(30, amoor.w, 0x80000000, 0x7fffffff, 0xffffffff, 8)
        TEST_AMO_OP(31, amoor.w, 0x80000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(32, amoor.w, 0x80000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(33, amoor.w, 0x80000000, 0x00010000, 0x80010000, 4)
        TEST_AMO_OP(34, amoor.w, 0x7fffffff, 0x00000000, 0x7fffffff, 8)
        TEST_AMO_OP(35, amoor.w, 0x7fffffff, 0x00000001, 0x7fffffff, 12)
        TEST_AMO_OP(36, amoor.w, 0x7fffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(37, amoor.w, 0x7fffffff, 0x80000000, 0xffffffff, 4)
        TEST_AMO_OP(38, amoor.w, 0x7fffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(39, amoor.w, 0x7fffffff, 0x80000001, 0xffffffff, 12)
        TEST_AMO_OP(40, amoor.w, 0x7fffffff, 0xfffffffe, 0xffffffff, 0)
        TEST_AMO_OP(41, amoor.w, 0x7fffffff, 0x00010000, 0x7fffffff, 4)
        TEST_AMO_OP(42, amoor.w, 0x80000001, 0x00000000, 0x80000001, 8)
        TEST_AMO_OP(43, amoor.w, 0x80000001, 0x00000001, 0x80000001, 12)
        TEST_AMO_OP(44, amoor.w, 0x80000001, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(45, amoor.w, 0x80000001, 0x80000000, 0x80000001, 4)
        TEST_AMO_OP(46, amoor.w, 0x80000001, 0x7fffffff, 0xffffffff, 8)
        TEST_AMO_OP(47, amoor.w, 0x80000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(48, amoor.w, 0x80000001, 0xfffffffe, 0xffffffff, 0)
        TEST_AMO_OP(49, amoor.w, 0x80000001, 0x00010000, 0x80010001, 4)
        TEST_AMO_OP(50, amoor.w, 0xfffffffe, 0x00000000, 0xfffffffe, 8)
        TEST_AMO_OP(51, amoor.w, 0xfffffffe, 0x00000001, 0xffffffff, 12)
        TEST_AMO_OP(52, amoor.w, 0xfffffffe, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(53, amoor.w, 0xfffffffe, 0x80000000, 0xfffffffe, 4)
        TEST_AMO_OP(54, amoor.w, 0xfffffffe, 0x7fffffff, 0xffffffff, 8)
        TEST_AMO_OP(55, amoor.w, 0xfffffffe, 0x80000001, 0xffffffff, 12)
        TEST_AMO_OP(56, amoor.w, 0xfffffffe, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(57, amoor.w, 0xfffffffe, 0x00010000, 0xfffffffe, 4)
        TEST_AMO_OP(58, amoor.w, 0x00010000, 0x00000000, 0x00010000, 8)
        TEST_AMO_OP(59, amoor.w, 0x00010000, 0x00000001, 0x00010001, 12)
        TEST_AMO_OP(60, amoor.w, 0x00010000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(61, amoor.w, 0x00010000, 0x80000000, 0x80010000, 4)
        TEST_AMO_OP(62, amoor.w, 0x00010000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(63, amoor.w, 0x00010000, 0x80000001, 0x80010001, 12)
        TEST_AMO_OP(64, amoor.w, 0x00010000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(65, amoor.w, 0x00010000, 0x00010000, 0x00010000, 4)

        # mixed values
        TEST_AMO_OP(66, amoor.w, 0x72a9917f, 0x7c41640a, 0x7ee9f57f, 8)
        TEST_AMO_OP(67, amoor.w, 0x479a189f, 0x1bd433b5, 0x5fde3bbf, 12)
        TEST_AMO_OP(68, amoor.w, 0xd8956540, 0x3102fade, 0xf997ffde, 0)
        TEST_AMO_OP(69, amoor.w, 0xd4f7aa2b, 0xdf3742c2, 0xdff7eaeb, 4)
        TEST_AMO_OP(70, amoor.w, 0x8f172999, 0x8894cf1e, 0x8f97ef9f, 8)
        TEST_AMO_OP(71, amoor.w, 0x7f131249, 0xe0658278, 0xff779279, 12)
        TEST_AMO_OP(72, amoor.w, 0x5a610e60, 0x6fecbb80, 0x7fedbfe0, 0)
        TEST_AMO_OP(73, amoor.w, 0x7c09e43c, 0x9bc76675, 0xffcfe67d, 4)

        # the aq, rl and aqrl forms (Simty ignores the ordering bits)
        TEST_AMO_OP(74, amoor.w.aq, 0x0000abcd, 0xffff1234, 0xffffbbfd, 8)
        TEST_AMO_OP(75, amoor.w.rl, 0x80000000, 0x00000007, 0x80000007, 12)
        TEST_AMO_OP(76, amoor.w.aqrl, 0xfffffff0, 0x7ffffff0, 0xfffffff0, 0)

        # rd = rs2, rd = rs1, rd = x0, rs2 = x0
        TEST_AMO_SRC2_EQ_DEST(77, amoor.w, 0x13579bdf, 0xfedcba98, 0xffdfbbdf, 4)
        TEST_AMO_SRC1_EQ_DEST(78, amoor.w, 0x80000010, 0x0000ff00, 0x8000ff10, 8)
        TEST_AMO_ZERODEST(79, amoor.w, 0x7ff00001, 0x80000f00, 0xfff00f01, 12)
        TEST_AMO_ZEROSRC2(80, amoor.w, 0xc0de1234, 0xc0de1234, 0)
        TEST_AMO_ZEROSRC2(81, amoor.w, 0x00000000, 0x00000000, 4)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_AMO_DEST_BYPASS(82, 0, amoor.w, 0x0000000d, 0xfffffff5, 0xfffffffd, 8)
        TEST_AMO_DEST_BYPASS(83, 1, amoor.w, 0x80000001, 0x7fffffff, 0xffffffff, 12)
        TEST_AMO_DEST_BYPASS(84, 2, amoor.w, 0x12345678, 0x87654321, 0x97755779, 0)
        TEST_AMO_SRC12_BYPASS(85, 0, 0, amoor.w, 0x0000000d, 0xfffffff5, 0xfffffffd, 4)
        TEST_AMO_SRC12_BYPASS(86, 0, 1, amoor.w, 0x80000001, 0x7fffffff, 0xffffffff, 8)
        TEST_AMO_SRC12_BYPASS(87, 0, 2, amoor.w, 0x12345678, 0x87654321, 0x97755779, 12)
        TEST_AMO_SRC12_BYPASS(88, 1, 0, amoor.w, 0x80000001, 0x7fffffff, 0xffffffff, 0)
        TEST_AMO_SRC12_BYPASS(89, 1, 1, amoor.w, 0x12345678, 0x87654321, 0x97755779, 4)
        TEST_AMO_SRC12_BYPASS(90, 2, 0, amoor.w, 0x12345678, 0x87654321, 0x97755779, 8)
        TEST_AMO_SRC21_BYPASS(91, 0, 0, amoor.w, 0x0000000d, 0xfffffff5, 0xfffffffd, 12)
        TEST_AMO_SRC21_BYPASS(92, 0, 1, amoor.w, 0x12345678, 0x87654321, 0x97755779, 0)
        TEST_AMO_SRC21_BYPASS(93, 1, 0, amoor.w, 0x80000001, 0x7fffffff, 0xffffffff, 4)
        TEST_AMO_SRC21_BYPASS(94, 2, 0, amoor.w, 0x12345678, 0x87654321, 0x97755779, 8)

        # write after write: a younger ALU result to rd must win
        TEST_AMO_WAW(95, 0, amoor.w, 0x0000000d, 0xfffffff5, 0xfffffffd, 12)
        TEST_AMO_WAW(96, 1, amoor.w, 0x80000001, 0x7fffffff, 0xffffffff, 0)
        TEST_AMO_WAW(97, 2, amoor.w, 0x12345678, 0x87654321, 0x97755779, 4)

        # two AMOs on the word back to back
        TEST_AMO_TWICE(98, amoor.w, 0x00000005, 0xfffffffd, 0xfffffffd, 0xfffffffd, 8)
        TEST_AMO_TWICE(99, amoor.w, 0x80000000, 0x7fffffff, 0xffffffff, 0xffffffff, 12)
        TEST_AMO_TWICE(100, amoor.w, 0x0f0f0f0f, 0x00ff00ff, 0x0fff0fff, 0x0fff0fff, 0)

        # only the AMO's word changes; its result stored and read back
        TEST_AMO_ONE_WORD(101, amoor.w, 0x89abcdef, 0x76543210, 0xffffffff)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(A_SLOTS)
