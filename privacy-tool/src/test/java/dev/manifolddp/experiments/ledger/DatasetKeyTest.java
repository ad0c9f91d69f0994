package dev.manifolddp.experiments.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The file's digest is asked for only by an earlier ledger's account keyed by file bytes, and then checked. */
class DatasetKeyTest {

    private static final String CONTENT = "c".repeat(64);
    private static final String FILE = "f".repeat(64);

    @Test
    void onlyALegacyAccountAsksForTheFileDigest() {
        AtomicInteger asked = new AtomicInteger();
        DatasetKey key = new DatasetKey(null, CONTENT, () -> {
            asked.incrementAndGet();
            return FILE;
        });
        assertThat(key.continues("content:" + CONTENT)).isFalse();
        assertThat(key.continues("dataset:trial")).isFalse();
        assertThat(asked).hasValue(0);
        assertThat(key.continues("sha256:" + FILE)).isTrue();
        assertThat(key.continues("sha256:" + FILE + "|subject=id")).isTrue();
        assertThat(key.continues("sha256:" + "e".repeat(64))).isFalse();
        assertThat(asked).hasValue(3);
    }

    @Test
    void aMalformedOrMissingFileDigestIsRefused() {
        assertThatThrownBy(() -> new DatasetKey(null, CONTENT, "xyz")).hasMessageContaining("file digest");
        assertThatThrownBy(() -> new DatasetKey(null, CONTENT, (java.util.function.Supplier<String>) null))
                .hasMessageContaining("file digest");
        DatasetKey broken = new DatasetKey(null, CONTENT, () -> "not hex");
        assertThatThrownBy(() -> broken.continues("sha256:" + FILE)).hasMessageContaining("file digest");
    }
}
