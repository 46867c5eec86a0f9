/*
 * fencei_rd.S - fence.i with rd != x0 (hand-encoded; directed test of
 * tb/ref/check_fastpath.py): illegal in the core (instruction memory is not
 * writable; gen/exec.c: MISC-MEM is legal with funct3 = 0 only), so every
 * thread traps there (illegal instruction, cause 2), writing nothing, on
 * either path of the model.
 *
 * exit 4
 * trap f_i 2
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        li      t0, 0x1234
f_i:    .word   0x0000128f              /* fence.i with rd = t0 */
        SIMT_PASS
        SIMT_TEST_END
