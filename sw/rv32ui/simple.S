# simple: the smallest test: start, then pass.  If this fails, the
# environment itself (start-up, exit call) is broken.
#include "riscv_test.h"
#include "test_macros.h"

RVTEST_RV32U
RVTEST_CODE_BEGIN

        RVTEST_PASS

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .word 0
RVTEST_DATA_END
