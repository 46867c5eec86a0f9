# amoand.w: rd = M[rs1]; M[rs1] = M[rs1] & rs2, as one atomic step; the aq/rl
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
        TEST_AMO_OP(2, amoand.w, 0x00000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(3, amoand.w, 0x00000000, 0x00000001, 0x00000000, 12)
        TEST_AMO_OP(4, amoand.w, 0x00000000, 0xffffffff, 0x00000000, 0)
        TEST_AMO_OP(5, amoand.w, 0x00000000, 0x80000000, 0x00000000, 4)
        TEST_AMO_OP(6, amoand.w, 0x00000000, 0x7fffffff, 0x00000000, 8)
        TEST_AMO_OP(7, amoand.w, 0x00000000, 0x80000001, 0x00000000, 12)
        TEST_AMO_OP(8, amoand.w, 0x00000000, 0xfffffffe, 0x00000000, 0)
        TEST_AMO_OP(9, amoand.w, 0x00000000, 0x00010000, 0x00000000, 4)
        TEST_AMO_OP(10, amoand.w, 0x00000001, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(11, amoand.w, 0x00000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(12, amoand.w, 0x00000001, 0xffffffff, 0x00000001, 0)
        TEST_AMO_OP(13, amoand.w, 0x00000001, 0x80000000, 0x00000000, 4)
        TEST_AMO_OP(14, amoand.w, 0x00000001, 0x7fffffff, 0x00000001, 8)
        TEST_AMO_OP(15, amoand.w, 0x00000001, 0x80000001, 0x00000001, 12)
        TEST_AMO_OP(16, amoand.w, 0x00000001, 0xfffffffe, 0x00000000, 0)
        TEST_AMO_OP(17, amoand.w, 0x00000001, 0x00010000, 0x00000000, 4)
        TEST_AMO_OP(18, amoand.w, 0xffffffff, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(19, amoand.w, 0xffffffff, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(20, amoand.w, 0xffffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(21, amoand.w, 0xffffffff, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(22, amoand.w, 0xffffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(23, amoand.w, 0xffffffff, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(24, amoand.w, 0xffffffff, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(25, amoand.w, 0xffffffff, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(26, amoand.w, 0x80000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(27, amoand.w, 0x80000000, 0x00000001, 0x00000000, 12)
        TEST_AMO_OP(28, amoand.w, 0x80000000, 0xffffffff, 0x80000000, 0)
        TEST_AMO_OP(29, amoand.w, 0x80000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(30, amoand.w, 0x80000000, 0x7fffffff, 0x00000000, 8)
        TEST_AMO_OP(31, amoand.w, 0x80000000, 0x80000001, 0x80000000, 12)
        TEST_AMO_OP(32, amoand.w, 0x80000000, 0xfffffffe, 0x80000000, 0)
        TEST_AMO_OP(33, amoand.w, 0x80000000, 0x00010000, 0x00000000, 4)
        TEST_AMO_OP(34, amoand.w, 0x7fffffff, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(35, amoand.w, 0x7fffffff, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(36, amoand.w, 0x7fffffff, 0xffffffff, 0x7fffffff, 0)
        TEST_AMO_OP(37, amoand.w, 0x7fffffff, 0x80000000, 0x00000000, 4)
        TEST_AMO_OP(38, amoand.w, 0x7fffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(39, amoand.w, 0x7fffffff, 0x80000001, 0x00000001, 12)
        TEST_AMO_OP(40, amoand.w, 0x7fffffff, 0xfffffffe, 0x7ffffffe, 0)
        TEST_AMO_OP(41, amoand.w, 0x7fffffff, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(42, amoand.w, 0x80000001, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(43, amoand.w, 0x80000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(44, amoand.w, 0x80000001, 0xffffffff, 0x80000001, 0)
        TEST_AMO_OP(45, amoand.w, 0x80000001, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(46, amoand.w, 0x80000001, 0x7fffffff, 0x00000001, 8)
        TEST_AMO_OP(47, amoand.w, 0x80000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(48, amoand.w, 0x80000001, 0xfffffffe, 0x80000000, 0)
        TEST_AMO_OP(49, amoand.w, 0x80000001, 0x00010000, 0x00000000, 4)
        TEST_AMO_OP(50, amoand.w, 0xfffffffe, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(51, amoand.w, 0xfffffffe, 0x00000001, 0x00000000, 12)
        TEST_AMO_OP(52, amoand.w, 0xfffffffe, 0xffffffff, 0xfffffffe, 0)
        TEST_AMO_OP(53, amoand.w, 0xfffffffe, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(54, amoand.w, 0xfffffffe, 0x7fffffff, 0x7ffffffe, 8)
        TEST_AMO_OP(55, amoand.w, 0xfffffffe, 0x80000001, 0x80000000, 12)
        TEST_AMO_OP(56, amoand.w, 0xfffffffe, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(57, amoand.w, 0xfffffffe, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(58, amoand.w, 0x00010000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(59, amoand.w, 0x00010000, 0x00000001, 0x00000000, 12)
        TEST_AMO_OP(60, amoand.w, 0x00010000, 0xffffffff, 0x00010000, 0)
        TEST_AMO_OP(61, amoand.w, 0x00010000, 0x80000000, 0x00000000, 4)
        TEST_AMO_OP(62, amoand.w, 0x00010000, 0x7fffffff, 0x00010000, 8)
        TEST_AMO_OP(63, amoand.w, 0x00010000, 0x80000001, 0x00000000, 12)
        TEST_AMO_OP(64, amoand.w, 0x00010000, 0xfffffffe, 0x00010000, 0)
        TEST_AMO_OP(65, amoand.w, 0x00010000, 0x00010000, 0x00010000, 4)

        # mixed values
        TEST_AMO_OP(66, amoand.w, 0x9dce3f5b, 0xf36602ee, 0x9146024a, 8)
        TEST_AMO_OP(67, amoand.w, 0xbaaebeea, 0xb10a3a00, 0xb00a3a00, 12)
        TEST_AMO_OP(68, amoand.w, 0x7c84dfe9, 0xbfccc66c, 0x3c84c668, 0)
        TEST_AMO_OP(69, amoand.w, 0x6a7be3bd, 0xad0e9495, 0x280a8095, 4)
        TEST_AMO_OP(70, amoand.w, 0x2711c4f5, 0xab9e2864, 0x23100064, 8)
        TEST_AMO_OP(71, amoand.w, 0xe0dc144f, 0xf5410919, 0xe0400009, 12)
        TEST_AMO_OP(72, amoand.w, 0xb3bca40c, 0x525aa7ff, 0x1218a40c, 0)
        TEST_AMO_OP(73, amoand.w, 0x8dda9ead, 0xd0baa993, 0x809a8881, 4)

        # the aq, rl and aqrl forms (Simty ignores the ordering bits)
        TEST_AMO_OP(74, amoand.w.aq, 0x0000abcd, 0xffff1234, 0x00000204, 8)
        TEST_AMO_OP(75, amoand.w.rl, 0x80000000, 0x00000007, 0x00000000, 12)
        TEST_AMO_OP(76, amoand.w.aqrl, 0xfffffff0, 0x7ffffff0, 0x7ffffff0, 0)

        # rd = rs2, rd = rs1, rd = x0, rs2 = x0
        TEST_AMO_SRC2_EQ_DEST(77, amoand.w, 0x13579bdf, 0xfedcba98, 0x12549a98, 4)
        TEST_AMO_SRC1_EQ_DEST(78, amoand.w, 0x80000010, 0x0000ff00, 0x00000000, 8)
        TEST_AMO_ZERODEST(79, amoand.w, 0x7ff00001, 0x80000f00, 0x00000000, 12)
        TEST_AMO_ZEROSRC2(80, amoand.w, 0xc0de1234, 0x00000000, 0)
        TEST_AMO_ZEROSRC2(81, amoand.w, 0x00000000, 0x00000000, 4)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_AMO_DEST_BYPASS(82, 0, amoand.w, 0x0000000d, 0xfffffff5, 0x00000005, 8)
        TEST_AMO_DEST_BYPASS(83, 1, amoand.w, 0x80000001, 0x7fffffff, 0x00000001, 12)
        TEST_AMO_DEST_BYPASS(84, 2, amoand.w, 0x12345678, 0x87654321, 0x02244220, 0)
        TEST_AMO_SRC12_BYPASS(85, 0, 0, amoand.w, 0x0000000d, 0xfffffff5, 0x00000005, 4)
        TEST_AMO_SRC12_BYPASS(86, 0, 1, amoand.w, 0x80000001, 0x7fffffff, 0x00000001, 8)
        TEST_AMO_SRC12_BYPASS(87, 0, 2, amoand.w, 0x12345678, 0x87654321, 0x02244220, 12)
        TEST_AMO_SRC12_BYPASS(88, 1, 0, amoand.w, 0x80000001, 0x7fffffff, 0x00000001, 0)
        TEST_AMO_SRC12_BYPASS(89, 1, 1, amoand.w, 0x12345678, 0x87654321, 0x02244220, 4)
        TEST_AMO_SRC12_BYPASS(90, 2, 0, amoand.w, 0x12345678, 0x87654321, 0x02244220, 8)
        TEST_AMO_SRC21_BYPASS(91, 0, 0, amoand.w, 0x0000000d, 0xfffffff5, 0x00000005, 12)
        TEST_AMO_SRC21_BYPASS(92, 0, 1, amoand.w, 0x12345678, 0x87654321, 0x02244220, 0)
        TEST_AMO_SRC21_BYPASS(93, 1, 0, amoand.w, 0x80000001, 0x7fffffff, 0x00000001, 4)
        TEST_AMO_SRC21_BYPASS(94, 2, 0, amoand.w, 0x12345678, 0x87654321, 0x02244220, 8)

        # write after write: a younger ALU result to rd must win
        TEST_AMO_WAW(95, 0, amoand.w, 0x0000000d, 0xfffffff5, 0x00000005, 12)
        TEST_AMO_WAW(96, 1, amoand.w, 0x80000001, 0x7fffffff, 0x00000001, 0)
        TEST_AMO_WAW(97, 2, amoand.w, 0x12345678, 0x87654321, 0x02244220, 4)

        # two AMOs on the word back to back
        TEST_AMO_TWICE(98, amoand.w, 0x00000005, 0xfffffffd, 0x00000005, 0x00000005, 8)
        TEST_AMO_TWICE(99, amoand.w, 0x80000000, 0x7fffffff, 0x00000000, 0x00000000, 12)
        TEST_AMO_TWICE(100, amoand.w, 0x0f0f0f0f, 0x00ff00ff, 0x000f000f, 0x000f000f, 0)

        # only the AMO's word changes; its result stored and read back
        TEST_AMO_ONE_WORD(101, amoand.w, 0x89abcdef, 0x76543210, 0x00000000)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(A_SLOTS)
