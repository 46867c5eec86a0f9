/*
 * fpga_hello.S - the FPGA tops' default program: small enough for the iCE40's memories
 * (under 256 instruction words, data below 0x80000400 + 4 * W * T).
 *
 * Every thread t (= mhartid) runs a loop of t iterations (divergent inside each warp),
 * stores the sum 0 + 1 + ... + t to word t of an array at 0x80000400 (one coalesced
 * block per warp), loads it back, and prints one character on the console: 'A' + t % 16
 * when the value read back is t * (t + 1) / 2, '!' otherwise. Thread 0 then prints a
 * newline. Every thread exits with code 0 (pass) or 1 (check failed).
 * Build: scripts/fpga/synth.py assembles it (riscv64-unknown-elf-gcc -nostdlib, -Ttext=0x80000000).
 */
#include "simty_map.h"

        .section .text.init, "ax", @progbits
        .globl _start
_start:
        csrr    s0, SIMTY_CSR_MHARTID   /* t */
        li      s1, 0                   /* sum */
        li      t0, 0                   /* i */
1:      bgt     t0, s0, 2f              /* i = 0 .. t: t + 1 iterations, divergent */
        add     s1, s1, t0
        addi    t0, t0, 1
        j       1b
2:      li      t1, 0x80000400
        slli    t2, s0, 2
        add     t1, t1, t2
        sw      s1, 0(t1)               /* word t of the array */
        lw      s2, 0(t1)
        addi    t3, s0, 1               /* expected t * (t + 1) / 2, by a second loop */
        li      t4, 0
        mv      t5, s0
3:      beqz    t5, 4f                  /* t + (t - 1) + ... + 1 */
        add     t4, t4, t5
        addi    t5, t5, -1
        j       3b
4:      li      t6, 0xF0000000          /* console */
        li      a0, 0
        li      a1, '!'
        bne     s2, t4, 5f
        andi    a1, s0, 15
        addi    a1, a1, 'A'
        j       6f
5:      li      a0, 1
6:      sb      a1, 0(t6)
        bnez    s0, 7f
        li      a1, '\n'
        sb      a1, 0(t6)
7:      li      a7, SIMTY_SYS_EXIT
        ecall
        ebreak
