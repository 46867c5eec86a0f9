# entry_offset.S - a program whose entry point is not the start of its code (make
# test-prog): the word at 0x80000000 is zero, an illegal instruction, so a board or a
# bench that starts the core anywhere but the ELF's entry point (the boot RAM's words)
# traps every thread and prints nothing. Each thread prints 'a' + its id and a newline.
  .section .text
  .word 0
  .globl _start
_start:
  csrr  t0, mhartid
  addi  t0, t0, 'a'
  li    t1, 0xF0000000
  sb    t0, 0(t1)
  li    t0, '\n'
  sb    t0, 0(t1)
  li    a7, 93
  li    a0, 0
  ecall
