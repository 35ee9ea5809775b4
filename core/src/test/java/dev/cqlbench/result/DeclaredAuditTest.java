package dev.cqlbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DeclaredAuditTest {

    @Test
    void theWordsABindingDeclaresBecomeTheFieldsTheServersCanCheck() {
        DeclaredAudit d = DeclaredAudit.of(Map.of("statements", "prepared (8: 4 sync + 4 async)",
                "batches", "Unlogged, single partition", "consistency", "LOCAL_QUORUM (every request)",
                "protocolVersion", " V5 ", "routing", "token-aware"));
        assertThat(d).isEqualTo(new DeclaredAudit(DeclaredAudit.Statements.PREPARED, DeclaredAudit.Batches.UNLOGGED,
                true, "LOCAL_QUORUM", "V5"));
        assertThat(DeclaredAudit.of(Map.of("statements", "unprepared (inlined values)", "batches", "logged")))
                .extracting(DeclaredAudit::statements, DeclaredAudit::batches, DeclaredAudit::singlePartition)
                .containsExactly(DeclaredAudit.Statements.UNPREPARED, DeclaredAudit.Batches.LOGGED, false);
    }

    @Test
    void whatItLeavesOutOrSaysInOtherWordsIsNotChecked() {
        DeclaredAudit d = DeclaredAudit.of(Map.of("statements", "some of each", "consistency", "the driver's"));
        assertThat(d).isEqualTo(new DeclaredAudit(DeclaredAudit.Statements.UNDECLARED,
                DeclaredAudit.Batches.UNDECLARED, false, null, null));
    }
}
