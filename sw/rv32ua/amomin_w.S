# amomin.w: rd = M[rs1]; M[rs1] = the smaller of M[rs1] and rs2, signed, as one
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
        TEST_AMO_OP(2, amomin.w, 0x00000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(3, amomin.w, 0x00000000, 0x00000001, 0x00000000, 12)
        TEST_AMO_OP(4, amomin.w, 0x00000000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(5, amomin.w, 0x00000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(6, amomin.w, 0x00000000, 0x7fffffff, 0x00000000, 8)
        TEST_AMO_OP(7, amomin.w, 0x00000000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(8, amomin.w, 0x00000000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(9, amomin.w, 0x00000000, 0x00010000, 0x00000000, 4)
        TEST_AMO_OP(10, amomin.w, 0x00000001, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(11, amomin.w, 0x00000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(12, amomin.w, 0x00000001, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(13, amomin.w, 0x00000001, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(14, amomin.w, 0x00000001, 0x7fffffff, 0x00000001, 8)
        TEST_AMO_OP(15, amomin.w, 0x00000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(16, amomin.w, 0x00000001, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(17, amomin.w, 0x00000001, 0x00010000, 0x00000001, 4)
        TEST_AMO_OP(18, amomin.w, 0xffffffff, 0x00000000, 0xffffffff, 8)
        TEST_AMO_OP(19, amomin.w, 0xffffffff, 0x00000001, 0xffffffff, 12)
        TEST_AMO_OP(20, amomin.w, 0xffffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(21, amomin.w, 0xffffffff, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(22, amomin.w, 0xffffffff, 0x7fffffff, 0xffffffff, 8)
        TEST_AMO_OP(23, amomin.w, 0xffffffff, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(24, amomin.w, 0xffffffff, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(25, amomin.w, 0xffffffff, 0x00010000, 0xffffffff, 4)
        TEST_AMO_OP(26, amomin.w, 0x80000000, 0x00000000, 0x80000000, 8)
        TEST_AMO_OP(27, amomin.w, 0x80000000, 0x00000001, 0x80000000, 12)
        TEST_AMO_OP(28, amomin.w, 0x80000000, 0xffffffff, 0x80000000, 0)
        TEST_AMO_OP(29, amomin.w, 0x80000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(30, amomin.w, 0x80000000, 0x7fffffff, 0x80000000, 8)
        TEST_AMO_OP(31, amomin.w, 0x80000000, 0x80000001, 0x80000000, 12)
        TEST_AMO_OP(32, amomin.w, 0x80000000, 0xfffffffe, 0x80000000, 0)
        TEST_AMO_OP(33, amomin.w, 0x80000000, 0x00010000, 0x80000000, 4)
        TEST_AMO_OP(34, amomin.w, 0x7fffffff, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(35, amomin.w, 0x7fffffff, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(36, amomin.w, 0x7fffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(37, amomin.w, 0x7fffffff, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(38, amomin.w, 0x7fffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(39, amomin.w, 0x7fffffff, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(40, amomin.w, 0x7fffffff, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(41, amomin.w, 0x7fffffff, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(42, amomin.w, 0x80000001, 0x00000000, 0x80000001, 8)
        TEST_AMO_OP(43, amomin.w, 0x80000001, 0x00000001, 0x80000001, 12)
        TEST_AMO_OP(44, amomin.w, 0x80000001, 0xffffffff, 0x80000001, 0)
        TEST_AMO_OP(45, amomin.w, 0x80000001, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(46, amomin.w, 0x80000001, 0x7fffffff, 0x80000001, 8)
        TEST_AMO_OP(47, amomin.w, 0x80000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(48, amomin.w, 0x80000001, 0xfffffffe, 0x80000001, 0)
        TEST_AMO_OP(49, amomin.w, 0x80000001, 0x00010000, 0x80000001, 4)
        TEST_AMO_OP(50, amomin.w, 0xfffffffe, 0x00000000, 0xfffffffe, 8)
        TEST_AMO_OP(51, amomin.w, 0xfffffffe, 0x00000001, 0xfffffffe, 12)
        TEST_AMO_OP(52, amomin.w, 0xfffffffe, 0xffffffff, 0xfffffffe, 0)
        TEST_AMO_OP(53, amomin.w, 0xfffffffe, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(54, amomin.w, 0xfffffffe, 0x7fffffff, 0xfffffffe, 8)
        TEST_AMO_OP(55, amomin.w, 0xfffffffe, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(56, amomin.w, 0xfffffffe, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(57, amomin.w, 0xfffffffe, 0x00010000, 0xfffffffe, 4)
        TEST_AMO_OP(58, amomin.w, 0x00010000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(59, amomin.w, 0x00010000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(60, amomin.w, 0x00010000, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(61, amomin.w, 0x00010000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(62, amomin.w, 0x00010000, 0x7fffffff, 0x00010000, 8)
        TEST_AMO_OP(63, amomin.w, 0x00010000, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(64, amomin.w, 0x00010000, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(65, amomin.w, 0x00010000, 0x00010000, 0x00010000, 4)

        # mixed values
        TEST_AMO_OP(66, amomin.w, 0x7ddb297b, 0xc1d82a63, 0xc1d82a63, 8)
        TEST_AMO_OP(67, amomin.w, 0x55a381a2, 0x48f1f477, 0x48f1f477, 12)
        TEST_AMO_OP(68, amomin.w, 0xc94f80ef, 0x81a8084a, 0x81a8084a, 0)
        TEST_AMO_OP(69, amomin.w, 0x49954b00, 0xa30153ac, 0xa30153ac, 4)
        TEST_AMO_OP(70, amomin.w, 0x47764095, 0x2cfd1492, 0x2cfd1492, 8)
        TEST_AMO_OP(71, amomin.w, 0x1b3e77d1, 0x0e6d5721, 0x0e6d5721, 12)
        TEST_AMO_OP(72, amomin.w, 0xd2fb89a5, 0xc300a327, 0xc300a327, 0)
        TEST_AMO_OP(73, amomin.w, 0x67f24c1c, 0x93cb9269, 0x93cb9269, 4)

        # the aq, rl and aqrl forms (Simty ignores the ordering bits)
        TEST_AMO_OP(74, amomin.w.aq, 0x0000abcd, 0xffff1234, 0xffff1234, 8)
        TEST_AMO_OP(75, amomin.w.rl, 0x80000000, 0x00000007, 0x80000000, 12)
        TEST_AMO_OP(76, amomin.w.aqrl, 0xfffffff0, 0x7ffffff0, 0xfffffff0, 0)

        # rd = rs2, rd = rs1, rd = x0, rs2 = x0
        TEST_AMO_SRC2_EQ_DEST(77, amomin.w, 0x13579bdf, 0xfedcba98, 0xfedcba98, 4)
        TEST_AMO_SRC1_EQ_DEST(78, amomin.w, 0x80000010, 0x0000ff00, 0x80000010, 8)
        TEST_AMO_ZERODEST(79, amomin.w, 0x7ff00001, 0x80000f00, 0x80000f00, 12)
        TEST_AMO_ZEROSRC2(80, amomin.w, 0xc0de1234, 0xc0de1234, 0)
        TEST_AMO_ZEROSRC2(81, amomin.w, 0x00000000, 0x00000000, 4)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_AMO_DEST_BYPASS(82, 0, amomin.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 8)
        TEST_AMO_DEST_BYPASS(83, 1, amomin.w, 0x80000001, 0x7fffffff, 0x80000001, 12)
        TEST_AMO_DEST_BYPASS(84, 2, amomin.w, 0x12345678, 0x87654321, 0x87654321, 0)
        TEST_AMO_SRC12_BYPASS(85, 0, 0, amomin.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 4)
        TEST_AMO_SRC12_BYPASS(86, 0, 1, amomin.w, 0x80000001, 0x7fffffff, 0x80000001, 8)
        TEST_AMO_SRC12_BYPASS(87, 0, 2, amomin.w, 0x12345678, 0x87654321, 0x87654321, 12)
        TEST_AMO_SRC12_BYPASS(88, 1, 0, amomin.w, 0x80000001, 0x7fffffff, 0x80000001, 0)
        TEST_AMO_SRC12_BYPASS(89, 1, 1, amomin.w, 0x12345678, 0x87654321, 0x87654321, 4)
        TEST_AMO_SRC12_BYPASS(90, 2, 0, amomin.w, 0x12345678, 0x87654321, 0x87654321, 8)
        TEST_AMO_SRC21_BYPASS(91, 0, 0, amomin.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 12)
        TEST_AMO_SRC21_BYPASS(92, 0, 1, amomin.w, 0x12345678, 0x87654321, 0x87654321, 0)
        TEST_AMO_SRC21_BYPASS(93, 1, 0, amomin.w, 0x80000001, 0x7fffffff, 0x80000001, 4)
        TEST_AMO_SRC21_BYPASS(94, 2, 0, amomin.w, 0x12345678, 0x87654321, 0x87654321, 8)

        # write after write: a younger ALU result to rd must win
        TEST_AMO_WAW(95, 0, amomin.w, 0x0000000d, 0xfffffff5, 0xfffffff5, 12)
        TEST_AMO_WAW(96, 1, amomin.w, 0x80000001, 0x7fffffff, 0x80000001, 0)
        TEST_AMO_WAW(97, 2, amomin.w, 0x12345678, 0x87654321, 0x87654321, 4)

        # two AMOs on the word back to back
        TEST_AMO_TWICE(98, amomin.w, 0x00000005, 0xfffffffd, 0xfffffffd, 0xfffffffd, 8)
        TEST_AMO_TWICE(99, amomin.w, 0x80000000, 0x7fffffff, 0x80000000, 0x80000000, 12)
        TEST_AMO_TWICE(100, amomin.w, 0x0f0f0f0f, 0x00ff00ff, 0x00ff00ff, 0x00ff00ff, 0)

        # only the AMO's word changes; its result stored and read back
        TEST_AMO_ONE_WORD(101, amomin.w, 0x89abcdef, 0x76543210, 0x89abcdef)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(A_SLOTS)
