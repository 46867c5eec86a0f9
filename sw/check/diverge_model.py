#!/usr/bin/env python3
"""diverge_model.py - model of sw/apps/diverge.c that prints its `expected`
table (one row per k = thread id mod 64).  Rerun and paste the output into
diverge.c whenever the workload changes."""
M=0xffffffff
N=64
def start_value(k): return 7 + k*5
def collatz(x):
    steps=0; peak=x; odd=0
    while x!=1:
        if x&1:
            x=(x*3+1)&M
            if x>peak: peak=x
            odd+=1
        elif (x&3)==0:
            x>>=2; steps+=1
        else:
            x>>=1
        steps+=1
    return steps,peak,odd
def mix(k):
    acc=k; n=k%13+1
    for i in range(n):
        j=0
        while j <= ((i^k)%4):
            if (acc^j)&1: acc=(acc*5+i)&M
            elif acc&2: acc=(acc ^ ((acc>>3)+j))&M
            else: acc=(acc + (0x9e37 ^ i))&M
            j+=1
    return acc
def walk(d,x):
    if d==0: return x
    if x&1: return (walk(d-1,(3*x+1)&M)+1)&M
    return walk(d-1,x>>1)^d
rows = []
for k in range(N):
    s, p, o = collatz(start_value(k))
    rows.append((s, p, o, mix(k), walk(k % 9 + 1, k + 11)))
print('/* max steps %d, max peak %d */' % (max(r[0] for r in rows), max(r[1] for r in rows)))
for k, r in enumerate(rows):
    print('        {%4d, %6d, %3d, 0x%08x, 0x%08x}, /* %2d */' % (r + (k,)))
