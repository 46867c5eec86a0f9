# amomax.w: rd = M[rs1]; M[rs1] = the larger of M[rs1] and rs2, signed, as one
# atomic step; the aq/rl bits are accepted and ignored.
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
        TEST_AMO_OP(2, amomax.w, 0x00000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(3, amomax.w, 0x00000000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(4, amomax.w, 0x00000000, 0xffffffff, 0x00000000, 0)
        TEST_AMO_OP(5, amomax.w, 0x00000000, 0x80000000, 0x00000000, 4)
        TEST_AMO_OP(6, amomax.w, 0x00000000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(7, amomax.w, 0x00000000, 0x80000001, 0x00000000, 12)
        TEST_AMO_OP(8, amomax.w, 0x00000000, 0xfffffffe, 0x00000000, 0)
        TEST_AMO_OP(9, amomax.w, 0x00000000, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(10, amomax.w, 0x00000001, 0x00000000, 0x00000001, 8)
        TEST_AMO_OP(11, amomax.w, 0x00000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(12, amomax.w, 0x00000001, 0xffffffff, 0x00000001, 0)
        TEST_AMO_OP(13, amomax.w, 0x00000001, 0x80000000, 0x00000001, 4)
        TEST_AMO_OP(14, amomax.w, 0x00000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(15, amomax.w, 0x00000001, 0x80000001, 0x00000001, 12)
        TEST_AMO_OP(16, amomax.w, 0x00000001, 0xfffffffe, 0x00000001, 0)
        TEST_AMO_OP(17, amomax.w, 0x00000001, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(18, amomax.w, 0xffffffff, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(19, amomax.w, 0xffffffff, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(20, amomax.w, 0xffffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(21, amomax.w, 0xffffffff, 0x80000000, 0xffffffff, 4)
        TEST_AMO_OP(22, amomax.w, 0xffffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(23, amomax.w, 0xffffffff, 0x80000001, 0xffffffff, 12)
        TEST_AMO_OP(24, amomax.w, 0xffffffff, 0xfffffffe, 0xffffffff, 0)
        TEST_AMO_OP(25, amomax.w, 0xffffffff, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(26, amomax.w, 0x80000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(27, amomax.w, 0x80000000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(28, amomax.w, 0x80000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(29, amomax.w, 0x80000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(30, amomax.w, 0x80000000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(31, amomax.w, 0x80000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(32, amomax.w, 0x80000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(33, amomax.w, 0x80000000, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(34, amomax.w, 0x7fffffff, 0x00000000, 0x7fffffff, 8)
        TEST_AMO_OP(35, amomax.w, 0x7fffffff, 0x00000001, 0x7fffffff, 12)
        TEST_AMO_OP(36, amomax.w, 0x7fffffff, 0xffffffff, 0x7fffffff, 0)
        TEST_AMO_OP(37, amomax.w, 0x7fffffff, 0x80000000, 0x7fffffff, 4)
        TEST_AMO_OP(38, amomax.w, 0x7fffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(39, amomax.w, 0x7fffffff, 0x80000001, 0x7fffffff, 12)
        TEST_AMO_OP(40, amomax.w, 0x7fffffff, 0xfffffffe, 0x7fffffff, 0)
        TEST_AMO_OP(41, amomax.w, 0x7fffffff, 0x00010000, 0x7fffffff, 4)
        TEST_AMO_OP(42, amomax.w, 0x80000001, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(43, amomax.w, 0x80000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(44, amomax.w, 0x80000001, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(45, amomax.w, 0x80000001, 0x80000000, 0x80000001, 4)
        TEST_AMO_OP(46, amomax.w, 0x80000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(47, amomax.w, 0x80000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(48, amomax.w, 0x80000001, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(49, amomax.w, 0x80000001, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(50, amomax.w, 0xfffffffe, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(51, amomax.w, 0xfffffffe, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(52, amomax.w, 0xfffffffe, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(53, amomax.w, 0xfffffffe, 0x80000000, 0xfffffffe, 4)
        TEST_AMO_OP(54, amomax.w, 0xfffffffe, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(55, amomax.w, 0xfffffffe, 0x80000001, 0xfffffffe, 12)
        TEST_AMO_OP(56, amomax.w, 0xfffffffe, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(57, amomax.w, 0xfffffffe, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(58, amomax.w, 0x00010000, 0x00000000, 0x00010000, 8)
        TEST_AMO_OP(59, amomax.w, 0x00010000, 0x00000001, 0x00010000, 12)
        TEST_AMO_OP(60, amomax.w, 0x00010000, 0xffffffff, 0x00010000, 0)
        TEST_AMO_OP(61, amomax.w, 0x00010000, 0x80000000, 0x00010000, 4)
        TEST_AMO_OP(62, amomax.w, 0x00010000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(63, amomax.w, 0x00010000, 0x80000001, 0x00010000, 12)
        TEST_AMO_OP(64, amomax.w, 0x00010000, 0xfffffffe, 0x00010000, 0)
        TEST_AMO_OP(65, amomax.w, 0x00010000, 0x00010000, 0x00010000, 4)

        # mixed values
        TEST_AMO_OP(66, amomax.w, 0xefdac31b, 0x1cb60288, 0x1cb60288, 8)
        TEST_AMO_OP(67, amomax.w, 0xb4e1767a, 0x06f7f71b, 0x06f7f71b, 12)
        TEST_AMO_OP(68, amomax.w, 0x77131485, 0x3149f4b4, 0x77131485, 0)
        TEST_AMO_OP(69, amomax.w, 0xfb601422, 0xeb3043f4, 0xfb601422, 4)
        TEST_AMO_OP(70, amomax.w, 0x277b135e, 0x3874dd49, 0x3874dd49, 8)
        TEST_AMO_OP(71, amomax.w, 0x29d421b2, 0x7d7076a6, 0x7d7076a6, 12)
        TEST_AMO_OP(72, amomax.w, 0x908bebb9, 0xf442829e, 0xf442829e, 0)
        TEST_AMO_OP(73, amomax.w, 0x7243a1c0, 0x3b86709a, 0x7243a1c0, 4)

        # the aq, rl and aqrl forms (Simty ignores the ordering bits)
        TEST_AMO_OP(74, amomax.w.aq, 0x0000abcd, 0xffff1234, 0x0000abcd, 8)
        TEST_AMO_OP(75, amomax.w.rl, 0x80000000, 0x00000007, 0x00000007, 12)
        TEST_AMO_OP(76, amomax.w.aqrl, 0xfffffff0, 0x7ffffff0, 0x7ffffff0, 0)

        # rd = rs2, rd = rs1, rd = x0, rs2 = x0
        TEST_AMO_SRC2_EQ_DEST(77, amomax.w, 0x13579bdf, 0xfedcba98, 0x13579bdf, 4)
        TEST_AMO_SRC1_EQ_DEST(78, amomax.w, 0x80000010, 0x0000ff00, 0x0000ff00, 8)
        TEST_AMO_ZERODEST(79, amomax.w, 0x7ff00001, 0x80000f00, 0x7ff00001, 12)
        TEST_AMO_ZEROSRC2(80, amomax.w, 0xc0de1234, 0x00000000, 0)
        TEST_AMO_ZEROSRC2(81, amomax.w, 0x00000000, 0x00000000, 4)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_AMO_DEST_BYPASS(82, 0, amomax.w, 0x0000000d, 0xfffffff5, 0x0000000d, 8)
        TEST_AMO_DEST_BYPASS(83, 1, amomax.w, 0x80000001, 0x7fffffff, 0x7fffffff, 12)
        TEST_AMO_DEST_BYPASS(84, 2, amomax.w, 0x12345678, 0x87654321, 0x12345678, 0)
        TEST_AMO_SRC12_BYPASS(85, 0, 0, amomax.w, 0x0000000d, 0xfffffff5, 0x0000000d, 4)
        TEST_AMO_SRC12_BYPASS(86, 0, 1, amomax.w, 0x80000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_SRC12_BYPASS(87, 0, 2, amomax.w, 0x12345678, 0x87654321, 0x12345678, 12)
        TEST_AMO_SRC12_BYPASS(88, 1, 0, amomax.w, 0x80000001, 0x7fffffff, 0x7fffffff, 0)
        TEST_AMO_SRC12_BYPASS(89, 1, 1, amomax.w, 0x12345678, 0x87654321, 0x12345678, 4)
        TEST_AMO_SRC12_BYPASS(90, 2, 0, amomax.w, 0x12345678, 0x87654321, 0x12345678, 8)
        TEST_AMO_SRC21_BYPASS(91, 0, 0, amomax.w, 0x0000000d, 0xfffffff5, 0x0000000d, 12)
        TEST_AMO_SRC21_BYPASS(92, 0, 1, amomax.w, 0x12345678, 0x87654321, 0x12345678, 0)
        TEST_AMO_SRC21_BYPASS(93, 1, 0, amomax.w, 0x80000001, 0x7fffffff, 0x7fffffff, 4)
        TEST_AMO_SRC21_BYPASS(94, 2, 0, amomax.w, 0x12345678, 0x87654321, 0x12345678, 8)

        # write after write: a younger ALU result to rd must win
        TEST_AMO_WAW(95, 0, amomax.w, 0x0000000d, 0xfffffff5, 0x0000000d, 12)
        TEST_AMO_WAW(96, 1, amomax.w, 0x80000001, 0x7fffffff, 0x7fffffff, 0)
        TEST_AMO_WAW(97, 2, amomax.w, 0x12345678, 0x87654321, 0x12345678, 4)

        # two AMOs on the word back to back
        TEST_AMO_TWICE(98, amomax.w, 0x00000005, 0xfffffffd, 0x00000005, 0x00000005, 8)
        TEST_AMO_TWICE(99, amomax.w, 0x80000000, 0x7fffffff, 0x7fffffff, 0x7fffffff, 12)
        TEST_AMO_TWICE(100, amomax.w, 0x0f0f0f0f, 0x00ff00ff, 0x0f0f0f0f, 0x0f0f0f0f, 0)

        # only the AMO's word changes; its result stored and read back
        TEST_AMO_ONE_WORD(101, amomax.w, 0x89abcdef, 0x76543210, 0x76543210)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(A_SLOTS)
