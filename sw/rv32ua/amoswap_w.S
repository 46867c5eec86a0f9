# amoswap.w: rd = M[rs1]; M[rs1] = rs2, as one atomic step; the aq/rl bits are
# accepted and ignored.
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
        TEST_AMO_OP(2, amoswap.w, 0x00000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(3, amoswap.w, 0x00000000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(4, amoswap.w, 0x00000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(5, amoswap.w, 0x00000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(6, amoswap.w, 0x00000000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(7, amoswap.w, 0x00000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(8, amoswap.w, 0x00000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(9, amoswap.w, 0x00000000, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(10, amoswap.w, 0x00000001, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(11, amoswap.w, 0x00000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(12, amoswap.w, 0x00000001, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(13, amoswap.w, 0x00000001, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(14, amoswap.w, 0x00000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(15, amoswap.w, 0x00000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(16, amoswap.w, 0x00000001, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(17, amoswap.w, 0x00000001, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(18, amoswap.w, 0xffffffff, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(19, amoswap.w, 0xffffffff, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(20, amoswap.w, 0xffffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(21, amoswap.w, 0xffffffff, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(22, amoswap.w, 0xffffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(23, amoswap.w, 0xffffffff, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(24, amoswap.w, 0xffffffff, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(25, amoswap.w, 0xffffffff, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(26, amoswap.w, 0x80000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(27, amoswap.w, 0x80000000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(28, amoswap.w, 0x80000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(29, amoswap.w, 0x80000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(30, amoswap.w, 0x80000000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(31, amoswap.w, 0x80000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(32, amoswap.w, 0x80000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(33, amoswap.w, 0x80000000, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(34, amoswap.w, 0x7fffffff, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(35, amoswap.w, 0x7fffffff, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(36, amoswap.w, 0x7fffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(37, amoswap.w, 0x7fffffff, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(38, amoswap.w, 0x7fffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(39, amoswap.w, 0x7fffffff, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(40, amoswap.w, 0x7fffffff, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(41, amoswap.w, 0x7fffffff, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(42, amoswap.w, 0x80000001, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(43, amoswap.w, 0x80000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(44, amoswap.w, 0x80000001, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(45, amoswap.w, 0x80000001, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(46, amoswap.w, 0x80000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(47, amoswap.w, 0x80000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(48, amoswap.w, 0x80000001, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(49, amoswap.w, 0x80000001, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(50, amoswap.w, 0xfffffffe, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(51, amoswap.w, 0xfffffffe, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(52, amoswap.w, 0xfffffffe, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(53, amoswap.w, 0xfffffffe, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(54, amoswap.w, 0xfffffffe, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(55, amoswap.w, 0xfffffffe, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(56, amoswap.w, 0xfffffffe, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(57, amoswap.w, 0xfffffffe, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(58, amoswap.w, 0x00010000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(59, amoswap.w, 0x00010000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(60, amoswap.w, 0x00010000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(61, amoswap.w, 0x00010000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(62, amoswap.w, 0x00010000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(63, amoswap.w, 0x00010000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(64, amoswap.w, 0x00010000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(65, amoswap.w, 0x00010000, 0x00010000, 0x00010000, 4)

        # mixed values
        TEST_AMO_OP(66, amoswap.w, 0xc2c2e431, 0x7f660591, 0x7f660591, 8)
        TEST_AMO_OP(67, amoswap.w, 0x7cb71e73, 0x445c53b9, 0x445c53b9, 12)
        TEST_AMO_OP(68, amoswap.w, 0x9e225282, 0xd4e5d9fb, 0xd4e5d9fb, 0)
        TEST_AMO_OP(69, amoswap.w, 0xa153b17d, 0x82667267, 0x82667267, 4)
        TEST_AMO_OP(70, amoswap.w, 0xf41d3221, 0xcf5b8f8a, 0xcf5b8f8a, 8)
        TEST_AMO_OP(71, amoswap.w, 0x609467ec, 0x393c0e24, 0x393c0e24, 12)
        TEST_AMO_OP(72, amoswap.w, 0xebeae40c, 0xe12e77aa, 0xe12e77aa, 0)
        TEST_AMO_OP(73, amoswap.w, 0xd41049f5, 0x9ac0cde4, 0x9ac0cde4, 4)

        # the aq, rl and aqrl forms (Simty ignores the ordering bits)
        TEST_AMO_OP(74, amoswap.w.aq, 0x0000abcd, 0xffff1234, 0xffff1234, 8)
        TEST_AMO_OP(75, amoswap.w.rl, 0x80000000, 0x00000007, 0x00000007, 12)
        TEST_AMO_OP(76, amoswap.w.aqrl, 0xfffffff0, 0x7ffffff0, 0x7ffffff0, 0)

        # rd = rs2, rd = rs1, rd = x0, rs2 = x0
        TEST_AMO_SRC2_EQ_DEST(77, amoswap.w, 0x13579bdf, 0xfedcba98, 0xfedcba98, 4)
        TEST_AMO_SRC1_EQ_DEST(78, amoswap.w, 0x80000010, 0x0000ff00, 0x0000ff00, 8)
        TEST_AMO_ZERODEST(79, amoswap.w, 0x7ff00001, 0x80000f00, 0x80000f00, 12)
        TEST_AMO_ZEROSRC2(80, amoswap.w, 0xc0de1234, 0x00000000, 0)
        TEST_AMO_ZEROSRC2(81, amoswap.w, 0x00000000, 0x00000000, 4)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_AMO_DEST_BYPASS(82, 0, amoswap.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 8)
        TEST_AMO_DEST_BYPASS(83, 1, amoswap.w, 0x80000001, 0x7fffffff, 0x7fffffff, 12)
        TEST_AMO_DEST_BYPASS(84, 2, amoswap.w, 0x12345678, 0x87654321, 0x87654321, 0)
        TEST_AMO_SRC12_BYPASS(85, 0, 0, amoswap.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 4)
        TEST_AMO_SRC12_BYPASS(86, 0, 1, amoswap.w, 0x80000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_SRC12_BYPASS(87, 0, 2, amoswap.w, 0x12345678, 0x87654321, 0x87654321, 12)
        TEST_AMO_SRC12_BYPASS(88, 1, 0, amoswap.w, 0x80000001, 0x7fffffff, 0x7fffffff, 0)
        TEST_AMO_SRC12_BYPASS(89, 1, 1, amoswap.w, 0x12345678, 0x87654321, 0x87654321, 4)
        TEST_AMO_SRC12_BYPASS(90, 2, 0, amoswap.w, 0x12345678, 0x87654321, 0x87654321, 8)
        TEST_AMO_SRC21_BYPASS(91, 0, 0, amoswap.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 12)
        TEST_AMO_SRC21_BYPASS(92, 0, 1, amoswap.w, 0x12345678, 0x87654321, 0x87654321, 0)
        TEST_AMO_SRC21_BYPASS(93, 1, 0, amoswap.w, 0x80000001, 0x7fffffff, 0x7fffffff, 4)
        TEST_AMO_SRC21_BYPASS(94, 2, 0, amoswap.w, 0x12345678, 0x87654321, 0x87654321, 8)

        # write after write: a younger ALU result to rd must win
        TEST_AMO_WAW(95, 0, amoswap.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 12)
        TEST_AMO_WAW(96, 1, amoswap.w, 0x80000001, 0x7fffffff, 0x7fffffff, 0)
        TEST_AMO_WAW(97, 2, amoswap.w, 0x12345678, 0x87654321, 0x87654321, 4)

        # two AMOs on the word back to back
        TEST_AMO_TWICE(98, amoswap.w, 0x00000005, 0xfffffffd, 0xfffffffd, 0xfffffffd, 8)
        TEST_AMO_TWICE(99, amoswap.w, 0x80000000, 0x7fffffff, 0x7fffffff, 0x7fffffff, 12)
        TEST_AMO_TWICE(100, amoswap.w, 0x0f0f0f0f, 0x00ff00ff, 0x00ff00ff, 0x00ff00ff, 0)

        # only the AMO's word changes; its result stored and read back
        TEST_AMO_ONE_WORD(101, amoswap.w, 0x89abcdef, 0x76543210, 0x76543210)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(A_SLOTS)
