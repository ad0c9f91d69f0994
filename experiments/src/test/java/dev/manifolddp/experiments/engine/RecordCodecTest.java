package dev.manifolddp.experiments.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.experiments.run.ReplicateRecord;
import dev.manifolddp.experiments.run.WarningLog;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.SamplerReport;
import dev.manifolddp.utility.Measurement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The records a block sends back decode to exactly what the worker computed. */
class RecordCodecTest {

    @Test
    void recordsRoundTripBitForBit() {
        ReplicateRecord[] records = {
            new ReplicateRecord(new Measurement[] {Measurement.exact(0.125), Measurement.projected(-0.0),
                Measurement.undefined()}, 0.3, 1e-300, "proven", Guarantee.PURE, 0, false,
                SamplerReport.exact(17), 1.5e-6),
            new ReplicateRecord(new Measurement[] {Measurement.exact(Double.MIN_VALUE),
                Measurement.exact(Math.nextUp(1.0)), Measurement.exact(3)}, Double.NaN, Double.POSITIVE_INFINITY,
                null, null, 1e-6, true, null, 0),
            new ReplicateRecord(new Measurement[] {Measurement.exact(1), Measurement.exact(2),
                Measurement.exact(3)}, 2, 3, "paper", Guarantee.UNPROVEN, 0, false,
                SamplerReport.mcmc(1000, 200, 10, 4, 0.31, 812.5, 1.002), 0.25),
        };
        ReplicateRecord[] decoded = RecordCodec.decode(RecordCodec.encode(records));
        assertThat(decoded).hasSameSizeAs(records);
        for (int i = 0; i < records.length; i++) {
            ReplicateRecord a = records[i];
            ReplicateRecord b = decoded[i];
            assertThat(b.utilities()).containsExactly(a.utilities());
            for (int u = 0; u < a.utilities().length; u++) {
                assertThat(Double.doubleToRawLongBits(b.utilities()[u].value()))
                        .isEqualTo(Double.doubleToRawLongBits(a.utilities()[u].value()));
            }
            assertThat(Double.doubleToRawLongBits(b.sigma())).isEqualTo(Double.doubleToRawLongBits(a.sigma()));
            assertThat(b.sensitivity()).isEqualTo(a.sensitivity());
            assertThat(b.sigmaRule()).isEqualTo(a.sigmaRule());
            assertThat(b.guarantee()).isEqualTo(a.guarantee());
            assertThat(b.delta()).isEqualTo(a.delta());
            assertThat(b.dataDerived()).isEqualTo(a.dataDerived());
            assertThat(b.sampler()).isEqualTo(a.sampler());
            assertThat(b.releaseSeconds()).isEqualTo(a.releaseSeconds());
        }
    }

    /**
     * The scaling model in docs/spark.md counts what a release costs on the wire: a record of Soto et al. 2022, Fig. 1 left (two
     * exact utilities, rule "proven", guarantee PURE, an exact sampler) is 143 bytes after the block's 4-byte count.
     */
    @Test
    void aTypicalRecordIs143Bytes() {
        ReplicateRecord record = new ReplicateRecord(new Measurement[] {Measurement.exact(0.1),
            Measurement.exact(0.2)}, 0.3, 0.4, "proven", Guarantee.PURE, 0, false, SamplerReport.exact(3), 1e-5);
        assertThat(RecordCodec.encode(new ReplicateRecord[] {record, record}).length
                - RecordCodec.encode(new ReplicateRecord[] {record}).length).isEqualTo(143);
    }

    /** A block keeps its first task and its warnings (text, first task, count) through the wire, and nothing else. */
    @Test
    void aBlockRoundTripsWithItsWarnings() {
        ReplicateRecord record = new ReplicateRecord(new Measurement[] {Measurement.exact(0.1)}, 0.3, 0.4, "proven",
                Guarantee.PURE, 0, false, null, 1e-5);
        List<WarningLog.Occurrence> warnings = List.of(new WarningLog.Occurrence(1, 41, "projected onto \u00e9", 3),
                new WarningLog.Occurrence(0, 40, "chain short", 1));
        RecordCodec.Block block = RecordCodec.decodeBlock(RecordCodec.encode(new RecordCodec.Block(40,
                new ReplicateRecord[] {record, record}, warnings)));
        assertThat(block.first()).isEqualTo(40);
        assertThat(block.records()).hasSize(2);
        assertThat(block.records()[1].sigmaRule()).isEqualTo("proven");
        assertThat(block.warnings()).isEqualTo(warnings);
        byte[] bytes = RecordCodec.encode(new RecordCodec.Block(0, new ReplicateRecord[0], List.of()));
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> RecordCodec.decodeBlock(longer))
                .hasMessageContaining("bytes left after the block's last warning");
    }
}
