# amominu.w: rd = M[rs1]; M[rs1] = the smaller of M[rs1] and rs2, unsigned, as
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
        TEST_AMO_OP(2, amominu.w, 0x00000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(3, amominu.w, 0x00000000, 0x00000001, 0x00000000, 12)
        TEST_AMO_OP(4, amominu.w, 0x00000000, 0xffffffff, 0x00000000, 0)
        TEST_AMO_OP(5, amominu.w, 0x00000000, 0x80000000, 0x00000000, 4)
        TEST_AMO_OP(6, amominu.w, 0x00000000, 0x7fffffff, 0x00000000, 8)
        TEST_AMO_OP(7, amominu.w, 0x00000000, 0x80000001, 0x00000000, 12)
        TEST_AMO_OP(8, amominu.w, 0x00000000, 0xfffffffe, 0x00000000, 0)
        TEST_AMO_OP(9, amominu.w, 0x00000000, 0x00010000, 0x00000000, 4)
        TEST_AMO_OP(10, amominu.w, 0x00000001, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(11, amominu.w, 0x00000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(12, amominu.w, 0x00000001, 0xffffffff, 0x00000001, 0)
        TEST_AMO_OP(13, amominu.w, 0x00000001, 0x80000000, 0x00000001, 4)
        TEST_AMO_OP(14, amominu.w, 0x00000001, 0x7fffffff, 0x00000001, 8)
        TEST_AMO_OP(15, amominu.w, 0x00000001, 0x80000001, 0x00000001, 12)
        TEST_AMO_OP(16, amominu.w, 0x00000001, 0xfffffffe, 0x00000001, 0)
        TEST_AMO_OP(17, amominu.w, 0x00000001, 0x00010000, 0x00000001, 4)
        TEST_AMO_OP(18, amominu.w, 0xffffffff, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(19, amominu.w, 0xffffffff, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(20, amominu.w, 0xffffffff, 0xffffffff, 0xffffffff, 0)
        TEST_AMO_OP(21, amominu.w, 0xffffffff, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(22, amominu.w, 0xffffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(23, amominu.w, 0xffffffff, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(24, amominu.w, 0xffffffff, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(25, amominu.w, 0xffffffff, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(26, amominu.w, 0x80000000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(27, amominu.w, 0x80000000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(28, amominu.w, 0x80000000, 0xffffffff, 0x80000000, 0)
        TEST_AMO_OP(29, amominu.w, 0x80000000, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(30, amominu.w, 0x80000000, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(31, amominu.w, 0x80000000, 0x80000001, 0x80000000, 12)
        TEST_AMO_OP(32, amominu.w, 0x80000000, 0xfffffffe, 0x80000000, 0)
        TEST_AMO_OP(33, amominu.w, 0x80000000, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(34, amominu.w, 0x7fffffff, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(35, amominu.w, 0x7fffffff, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(36, amominu.w, 0x7fffffff, 0xffffffff, 0x7fffffff, 0)
        TEST_AMO_OP(37, amominu.w, 0x7fffffff, 0x80000000, 0x7fffffff, 4)
        TEST_AMO_OP(38, amominu.w, 0x7fffffff, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(39, amominu.w, 0x7fffffff, 0x80000001, 0x7fffffff, 12)
        TEST_AMO_OP(40, amominu.w, 0x7fffffff, 0xfffffffe, 0x7fffffff, 0)
        TEST_AMO_OP(41, amominu.w, 0x7fffffff, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(42, amominu.w, 0x80000001, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(43, amominu.w, 0x80000001, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(44, amominu.w, 0x80000001, 0xffffffff, 0x80000001, 0)
        TEST_AMO_OP(45, amominu.w, 0x80000001, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(46, amominu.w, 0x80000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(47, amominu.w, 0x80000001, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(48, amominu.w, 0x80000001, 0xfffffffe, 0x80000001, 0)
        TEST_AMO_OP(49, amominu.w, 0x80000001, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(50, amominu.w, 0xfffffffe, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(51, amominu.w, 0xfffffffe, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(52, amominu.w, 0xfffffffe, 0xffffffff, 0xfffffffe, 0)
        TEST_AMO_OP(53, amominu.w, 0xfffffffe, 0x80000000, 0x80000000, 4)
        TEST_AMO_OP(54, amominu.w, 0xfffffffe, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_OP(55, amominu.w, 0xfffffffe, 0x80000001, 0x80000001, 12)
        TEST_AMO_OP(56, amominu.w, 0xfffffffe, 0xfffffffe, 0xfffffffe, 0)
        TEST_AMO_OP(57, amominu.w, 0xfffffffe, 0x00010000, 0x00010000, 4)
        TEST_AMO_OP(58, amominu.w, 0x00010000, 0x00000000, 0x00000000, 8)
        TEST_AMO_OP(59, amominu.w, 0x00010000, 0x00000001, 0x00000001, 12)
        TEST_AMO_OP(60, amominu.w, 0x00010000, 0xffffffff, 0x00010000, 0)
        TEST_AMO_OP(61, amominu.w, 0x00010000, 0x80000000, 0x00010000, 4)
        TEST_AMO_OP(62, amominu.w, 0x00010000, 0x7fffffff, 0x00010000, 8)
        TEST_AMO_OP(63, amominu.w, 0x00010000, 0x80000001, 0x00010000, 12)
        TEST_AMO_OP(64, amominu.w, 0x00010000, 0xfffffffe, 0x00010000, 0)
        TEST_AMO_OP(65, amominu.w, 0x00010000, 0x00010000, 0x00010000, 4)

        # mixed values
        TEST_AMO_OP(66, amominu.w, 0xf0b7e3cf, 0x4c1e6991, 0x4c1e6991, 8)
        TEST_AMO_OP(67, amominu.w, 0x794d2bca, 0x4ba89df1, 0x4ba89df1, 12)
        TEST_AMO_OP(68, amominu.w, 0xebbec4dd, 0xd4775e3a, 0xd4775e3a, 0)
        TEST_AMO_OP(69, amominu.w, 0xda6f84f9, 0x35432092, 0x35432092, 4)
        TEST_AMO_OP(70, amominu.w, 0x7bcf40a0, 0x7a950697, 0x7a950697, 8)
        TEST_AMO_OP(71, amominu.w, 0xffb51790, 0xdbde02ee, 0xdbde02ee, 12)
        TEST_AMO_OP(72, amominu.w, 0x9f29e0e9, 0x097e9012, 0x097e9012, 0)
        TEST_AMO_OP(73, amominu.w, 0x86284538, 0x16580923, 0x16580923, 4)

        # the aq, rl and aqrl forms (Simty ignores the ordering bits)
        TEST_AMO_OP(74, amominu.w.aq, 0x0000abcd, 0xffff1234, 0x0000abcd, 8)
        TEST_AMO_OP(75, amominu.w.rl, 0x80000000, 0x00000007, 0x00000007, 12)
        TEST_AMO_OP(76, amominu.w.aqrl, 0xfffffff0, 0x7ffffff0, 0x7ffffff0, 0)

        # rd = rs2, rd = rs1, rd = x0, rs2 = x0
        TEST_AMO_SRC2_EQ_DEST(77, amominu.w, 0x13579bdf, 0xfedcba98, 0x13579bdf, 4)
        TEST_AMO_SRC1_EQ_DEST(78, amominu.w, 0x80000010, 0x0000ff00, 0x0000ff00, 8)
        TEST_AMO_ZERODEST(79, amominu.w, 0x7ff00001, 0x80000f00, 0x7ff00001, 12)
        TEST_AMO_ZEROSRC2(80, amominu.w, 0xc0de1234, 0x00000000, 0)
        TEST_AMO_ZEROSRC2(81, amominu.w, 0x00000000, 0x00000000, 4)

        # back-to-back dependences (0, 1, 2 instructions apart)
        TEST_AMO_DEST_BYPASS(82, 0, amominu.w, 0x0000000d, 0xfffffff5, 0x0000000d, 8)
        TEST_AMO_DEST_BYPASS(83, 1, amominu.w, 0x80000001, 0x7fffffff, 0x7fffffff, 12)
        TEST_AMO_DEST_BYPASS(84, 2, amominu.w, 0x12345678, 0x87654321, 0x12345678, 0)
        TEST_AMO_SRC12_BYPASS(85, 0, 0, amominu.w, 0x0000000d, 0xfffffff5, 0x0000000d, 4)
        TEST_AMO_SRC12_BYPASS(86, 0, 1, amominu.w, 0x80000001, 0x7fffffff, 0x7fffffff, 8)
        TEST_AMO_SRC12_BYPASS(87, 0, 2, amominu.w, 0x12345678, 0x87654321, 0x12345678, 12)
        TEST_AMO_SRC12_BYPASS(88, 1, 0, amominu.w, 0x80000001, 0x7fffffff, 0x7fffffff, 0)
        TEST_AMO_SRC12_BYPASS(89, 1, 1, amominu.w, 0x12345678, 0x87654321, 0x12345678, 4)
        TEST_AMO_SRC12_BYPASS(90, 2, 0, amominu.w, 0x12345678, 0x87654321, 0x12345678, 8)
        TEST_AMO_SRC21_BYPASS(91, 0, 0, amominu.w, 0x0000000d, 0xfffffff5, 0x0000000d, 12)
        TEST_AMO_SRC21_BYPASS(92, 0, 1, amominu.w, 0x12345678, 0x87654321, 0x12345678, 0)
        TEST_AMO_SRC21_BYPASS(93, 1, 0, amominu.w, 0x80000001, 0x7fffffff, 0x7fffffff, 4)
        TEST_AMO_SRC21_BYPASS(94, 2, 0, amominu.w, 0x12345678, 0x87654321, 0x12345678, 8)

        # write after write: a younger ALU result to rd must win
        TEST_AMO_WAW(95, 0, amominu.w, 0x0000000d, 0xfffffff5, 0x0000000d, 12)
        TEST_AMO_WAW(96, 1, amominu.w, 0x80000001, 0x7fffffff, 0x7fffffff, 0)
        TEST_AMO_WAW(97, 2, amominu.w, 0x12345678, 0x87654321, 0x12345678, 4)

        # two AMOs on the word back to back
        TEST_AMO_TWICE(98, amominu.w, 0x00000005, 0xfffffffd, 0x00000005, 0x00000005, 8)
        TEST_AMO_TWICE(99, amominu.w, 0x80000000, 0x7fffffff, 0x7fffffff, 0x7fffffff, 12)
        TEST_AMO_TWICE(100, amominu.w, 0x0f0f0f0f, 0x00ff00ff, 0x00ff00ff, 0x00ff00ff, 0)

        # only the AMO's word changes; its result stored and read back
        TEST_AMO_ONE_WORD(101, amominu.w, 0x89abcdef, 0x76543210, 0x76543210)

        TEST_PASSFAIL

RVTEST_CODE_END

RVTEST_DATA_BEGIN
RVTEST_DATA_END
TEST_A_DATA(A_SLOTS)
