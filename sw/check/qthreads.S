/*
 * qthreads.S - start-up of sw/check.sh's multi-threaded qemu-user builds
 * (-DSIMTY_QEMU_USER -DSIMTY_QEMU_THREADS -DSIMTY_QEMU_W=.. -DSIMTY_QEMU_T=..,
 * A builds only): W*T Linux threads run the program at once, as W*T Simty
 * threads would, but each on its own (no warps, no lanes).  That checks the
 * logic of the synchronizing tests (locks, barriers, queues, counters) under
 * real concurrency; it cannot check anything about SIMT execution.
 *
 * The initial thread creates threads 1 .. W*T-1 with clone() (the flags of a
 * POSIX thread), then every thread enters crt0 (built with the same switches,
 * where its _start is renamed simty_crt0_start) with its id in s11.  crt0
 * sets sp and tp before it touches memory, so the children can start on the
 * parent's stack pointer.  sw/common/simty_rt.c's _exit ends the process
 * with the first non-zero exit code a thread gives (the others may be
 * waiting for it), or with 0 when the last thread ends.
 */
#define CLONE_THREAD_FLAGS 0x50f00      /* VM FS FILES SIGHAND THREAD SYSVSEM */
#define SYS_CLONE 220
#define SYS_EXIT_GROUP 94

        .section .text.init, "ax", @progbits
        .balign 4
        .globl _start
        .type _start, @function
_start:
        li      s10, SIMTY_QEMU_W * SIMTY_QEMU_T
        li      s11, 1
1:      bge     s11, s10, 3f
        li      a0, CLONE_THREAD_FLAGS
        li      a1, 0                   /* same stack pointer */
        li      a2, 0
        li      a3, 0
        li      a4, 0
        li      a7, SYS_CLONE
        ecall
        beqz    a0, 2f                  /* the child: its id is s11 */
        bltz    a0, 4f
        addi    s11, s11, 1
        j       1b
3:      li      s11, 0                  /* the initial thread is thread 0 */
2:      li      a0, 0
        j       simty_crt0_start
4:      li      a0, 124                 /* clone failed */
        li      a7, SYS_EXIT_GROUP
        ecall
        .size _start, . - _start
