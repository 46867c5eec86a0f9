# report_mix.S - every outcome the board's report counts (make test-prog, make fpga-sim):
# thread id % 4 == 0 prints "ok" and exits 0, == 1 exits with code -3 (fails), == 2 runs
# an illegal instruction (traps, cause 2), == 3 exits 0 without printing.
  .section .text
  .globl _start
_start:
  csrr  t0, mhartid
  andi  t1, t0, 3
  li    t2, 1
  beq   t1, t2, fail
  li    t2, 2
  beq   t1, t2, trap
  li    t2, 3
  beq   t1, t2, quiet
  li    t3, 0xF0000000
  li    t4, 'o'
  sb    t4, 0(t3)
  li    t4, 'k'
  sb    t4, 0(t3)
  li    t4, '\n'
  sb    t4, 0(t3)
quiet:
  li    a0, 0
  j     exit
fail:
  li    a0, -3
exit:
  li    a7, 93
  ecall
trap:
  .word 0
