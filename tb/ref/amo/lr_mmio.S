/*
 * lr_mmio.S - lr.w on the MMIO page traps every thread with cause 5 (load
 * access fault): atomics on MMIO are not supported, though a lw there
 * reads 0 (directed test of the A extension, tb/ref/check_fastpath.py
 * --isa rv32ia; `make ref-check-a`).  Every lane at one address: the pass
 * rule of lw would serve them all, but a trapping leader is served alone.
 *
 * exit 4
 * trap l_mmio 5
 */
#include "simt_asm.h"

        SIMT_TEST_BEGIN
        li      s1, SIMTY_MMIO_BASE + 8
        lw      t0, 0(s1)
        check_eqi t0, 0, 1
l_mmio: lr.w    t0, (s1)
        li      a0, 2                   /* not reached */
        j       simt_fail
        SIMT_TEST_END
