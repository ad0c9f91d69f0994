package dev.manifolddp.experiments.engine;

import dev.manifolddp.experiments.run.ReplicateRecord;
import dev.manifolddp.experiments.run.WarningLog;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.SamplerReport;
import dev.manifolddp.utility.Measurement;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a block's {@link ReplicateRecord}s into bytes and back, so that a worker's results cross the network without
 * making the experiment's types {@link java.io.Serializable} or an engine knowing them
 * ({@link dev.manifolddp.experiments.spi.BlockWorker} returns bytes). Doubles travel as their IEEE bits, so every number
 * the driver writes is the one the worker computed; enums travel by name.
 */
public final class RecordCodec {

    /**
     * A block of tasks' results.
     *
     * @param first    the block's first task
     * @param records  task {@code first + i}'s mechanism m at index {@code i M + m}
     * @param warnings the block's warnings, for the driver's log to merge
     */
    public record Block(int first, ReplicateRecord[] records, List<WarningLog.Occurrence> warnings) {

        public Block {
            warnings = List.copyOf(warnings);
        }
    }

    private RecordCodec() {
    }

    /** A block as bytes: its first task, its records ({@link #encode(ReplicateRecord[])}) and its warnings. */
    public static byte[] encode(Block block) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(block.first());
            write(out, block.records());
            out.writeInt(block.warnings().size());
            for (WarningLog.Occurrence warning : block.warnings()) {
                out.writeInt(warning.mechanism());
                out.writeLong(warning.firstTask());
                out.writeUTF(warning.text());
                out.writeLong(warning.count());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode a block of records: " + e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    /** The block {@link #encode(Block)} wrote. */
    public static Block decodeBlock(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int first = in.readInt();
            ReplicateRecord[] records = read(in);
            int count = in.readInt();
            List<WarningLog.Occurrence> warnings = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                warnings.add(new WarningLog.Occurrence(in.readInt(), in.readLong(), in.readUTF(), in.readLong()));
            }
            if (in.read() != -1) {
                throw new IOException("bytes left after the block's last warning");
            }
            return new Block(first, records, warnings);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot decode a block of records: " + e.getMessage(), e);
        }
    }

    static byte[] encode(ReplicateRecord[] records) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(out, records);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode a block of records: " + e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    private static void write(DataOutputStream out, ReplicateRecord[] records) throws IOException {
        out.writeInt(records.length);
        for (ReplicateRecord record : records) {
            out.writeInt(record.utilities().length);
            for (Measurement measurement : record.utilities()) {
                out.writeDouble(measurement.value());
                out.writeUTF(measurement.status().name());
            }
            out.writeDouble(record.sigma());
            out.writeDouble(record.sensitivity());
            writeNullable(out, record.sigmaRule());
            writeNullable(out, record.guarantee() == null ? null : record.guarantee().name());
            out.writeDouble(record.delta());
            out.writeBoolean(record.dataDerived());
            SamplerReport sampler = record.sampler();
            out.writeBoolean(sampler != null);
            if (sampler != null) {
                out.writeUTF(sampler.method().name());
                out.writeLong(sampler.proposals());
                out.writeLong(sampler.burnIn());
                out.writeLong(sampler.thin());
                out.writeInt(sampler.chains());
                out.writeDouble(sampler.acceptanceRate());
                out.writeDouble(sampler.effectiveSampleSize());
                out.writeDouble(sampler.rHat());
            }
            out.writeDouble(record.releaseSeconds());
        }
    }

    static ReplicateRecord[] decode(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot decode a block of records: " + e.getMessage(), e);
        }
    }

    private static ReplicateRecord[] read(DataInputStream in) throws IOException {
        ReplicateRecord[] records = new ReplicateRecord[in.readInt()];
        for (int i = 0; i < records.length; i++) {
            Measurement[] utilities = new Measurement[in.readInt()];
            for (int u = 0; u < utilities.length; u++) {
                double value = in.readDouble();
                utilities[u] = new Measurement(value, Measurement.Status.valueOf(in.readUTF()));
            }
            double sigma = in.readDouble();
            double sensitivity = in.readDouble();
            String sigmaRule = readNullable(in);
            String guarantee = readNullable(in);
            double delta = in.readDouble();
            boolean dataDerived = in.readBoolean();
            SamplerReport sampler = null;
            if (in.readBoolean()) {
                sampler = new SamplerReport(SamplerReport.Method.valueOf(in.readUTF()), in.readLong(),
                        in.readLong(), in.readLong(), in.readInt(), in.readDouble(), in.readDouble(),
                        in.readDouble());
            }
            records[i] = new ReplicateRecord(utilities, sigma, sensitivity, sigmaRule,
                    guarantee == null ? null : Guarantee.valueOf(guarantee), delta, dataDerived, sampler,
                    in.readDouble());
        }
        return records;
    }

    private static void writeNullable(DataOutputStream out, String text) throws IOException {
        out.writeBoolean(text != null);
        if (text != null) {
            out.writeUTF(text);
        }
    }

    private static String readNullable(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }
}
