package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.PrivacyUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The unit of privacy (subjects, group privacy) and the budget ledger of {@code mdp release}. */
class SubjectsAndLedgerTest {

    @TempDir
    Path folder;

    /** 18 rats x 3 ages on the sphere cap of radius 0.2: id,x0,x1,x2 (or without the id column). */
    private Path rats(String name, boolean withId) throws IOException {
        StringBuilder csv = new StringBuilder(withId ? "id,x0,x1,x2\n" : "x0,x1,x2\n");
        for (int i = 0; i < 54; i++) {
            double t = 0.2 * i / 54;
            csv.append(withId ? "rat" + (i / 3) + "," : "").append(String.format(Locale.ROOT, "%.6f,%.6f,%.6f%n",
                    Math.sin(t) * Math.cos(i), Math.sin(t) * Math.sin(i), Math.cos(t)));
        }
        Path file = folder.resolve(name);
        Files.writeString(file, csv);
        return file;
    }

    private Cli release(Path input, String out, String... extra) {
        List<String> args = new ArrayList<>(List.of("release", "--geometry", "sphere:d=2", "--mechanism",
                "riemannian-laplace", "--center", "0,0,1", "--radius", "0.3", "--input",
                input.toString(), "--out", folder.resolve(out).toString(), "--ledger",
                folder.resolve("ledger.json").toString()));
        args.addAll(List.of(extra));
        if (!args.contains("--epsilon")) {
            args.addAll(List.of("--epsilon", "1"));
        }
        return Cli.run(args.toArray(String[]::new));
    }

    private JsonNode json(String name) throws IOException {
        return new ObjectMapper().readTree(folder.resolve(name).toFile());
    }

    @Test
    void groupPrivacyHasTheClosedForm() {
        PrivacyBudget user = new PrivacyBudget(1, 1e-6);
        PrivacyBudget perRecord = PrivacyUnit.subjects(8).perRecord(user);
        assertThat(perRecord.epsilon()).isEqualTo(0.125);
        assertThat(perRecord.delta()).isCloseTo(1e-6 / (8 * Math.exp(7 * 0.125)), offset(1e-22));
        PrivacyBudget back = PrivacyUnit.subjects(8).subjectLevel(perRecord);
        assertThat(back.epsilon()).isCloseTo(1, offset(1e-15));
        assertThat(back.delta()).isCloseTo(1e-6, offset(1e-21));
        assertThat(PrivacyUnit.subjects(1).perRecord(user)).isEqualTo(user);
        assertThat(PrivacyUnit.subjects(4).perRecord(PrivacyBudget.pure(2))).isEqualTo(PrivacyBudget.pure(0.5));
        assertThatThrownBy(() -> PrivacyUnit.subjects(20).subjectLevel(new PrivacyBudget(1, 0.1)))
                .hasMessageContaining("delta is not below 1");
        assertThatThrownBy(() -> PrivacyUnit.subjects(0).perRecord(user)).hasMessageContaining("at least one record");
    }

    /**
     * With a subject column and M = 3 the release runs at epsilon/3 per record: its noise scale equals a
     * record-level release's at epsilon = 1/3, and it records the user's epsilon with the subject unit.
     */
    @Test
    void subjectsAreCalibratedByGroupPrivacy() throws IOException {
        Cli subjects = release(rats("rats.csv", true), "subjects.json", "--subject-column", "id",
                "--max-records-per-subject", "3", "--seed", "5");
        assertThat(subjects.exit()).as(subjects.toString()).isZero();
        assertThat(subjects.out()).contains("privacy unit  one subject (up to 3 records)")
                .contains("54 from").contains("18 subjects of at most 3 records");
        JsonNode json = json("subjects.json");
        assertThat(json.get("unitOfPrivacy").asText()).startsWith("one subject (up to 3 records): adjacent datasets "
                + "differ in the records of one subject");
        assertThat(json.get("budget").get("epsilon").asDouble()).isEqualTo(1.0);
        assertThat(json.get("input").get("maxRecordsPerSubject").asInt()).isEqualTo(3);
        assertThat(json.get("input").has("subjects")).as("the subject count stays in the diagnostics").isFalse();

        Cli records = release(rats("plain.csv", false), "records.json", "--epsilon", String.valueOf(1.0 / 3),
                "--seed", "5");
        assertThat(records.exit()).as(records.toString()).isZero();
        assertThat(json("records.json").get("sigma").asDouble()).isCloseTo(json.get("sigma").asDouble(),
                offset(1e-15));
        assertThat(json("records.json").get("unitOfPrivacy").asText()).startsWith("one record");
    }

    /** The ledger: recorded with a warning, refused beyond the total, overridden on request, keyed by content. */
    @Test
    void theLedgerChargesChecksAndRefuses() throws IOException {
        Path data = rats("rats.csv", false);
        Cli first = release(data, "r1.json");
        assertThat(first.exit()).as(first.toString()).isZero();
        assertThat(first.out()).contains("warning: no total privacy budget is declared for this dataset");
        JsonNode ledger = json("ledger.json");
        JsonNode account = ledger.get("datasets").elements().next();
        assertThat(account.get("releases")).hasSize(1);
        assertThat(account.get("releases").get(0).get("epsilon").asDouble()).isEqualTo(1.0);
        assertThat(account.get("releases").get(0).get("guarantee").asText()).isEqualTo("pure");

        byte[] before = Files.readAllBytes(folder.resolve("ledger.json"));
        Cli refused = release(data, "r2.json", "--total-epsilon", "1.5");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).contains("needs (epsilon, delta) = (1.00000, 0.00000)")
                .contains("has only (epsilon, delta) = (0.500000, 0.00000) left")
                .contains("records (epsilon, delta) = (1.00000, 0.00000) spent in 1 release(s)");
        assertThat(Files.readAllBytes(folder.resolve("ledger.json"))).isEqualTo(before);
        assertThat(folder.resolve("r2.json")).doesNotExist();

        // the same bytes under another name are the same dataset
        Path copy = folder.resolve("copy.csv");
        Files.copy(data, copy);
        assertThat(release(copy, "r3.json", "--total-epsilon", "1.5").err()).contains("has only");
        Cli small = release(copy, "r3.json", "--total-epsilon", "1.5", "--epsilon", "0.5");
        assertThat(small.exit()).as(small.toString()).isZero();
        assertThat(release(copy, "r4.json", "--epsilon", "0.01").err()).contains("has only (epsilon, delta) = "
                + "(0.00000, 0.00000) left");

        Cli over = release(data, "r4.json", "--override-budget");
        assertThat(over.exit()).as(over.toString()).isZero();
        assertThat(over.out()).contains("warning: OVERRIDE:");
        account = json("ledger.json").get("datasets").elements().next();
        assertThat(account.get("releases")).hasSize(3);
        assertThat(account.get("total").get("epsilon").asDouble()).isEqualTo(1.5);
        assertThat(account.get("releases").get(2).get("overrideBudget").asBoolean()).isTrue();

        // another file's content is another account; its subject-level release records its bound
        Cli subjects = release(rats("ids.csv", true), "r5.json", "--subject-column", "id",
                "--max-records-per-subject", "3");
        assertThat(subjects.exit()).as(subjects.toString()).isZero();
        assertThat(json("ledger.json").get("datasets")).hasSize(2);
        assertThat(json("ledger.json").get("datasets").findValues("recordsPerSubject"))
                .anyMatch(value -> value.asInt() == 3);
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void forceReplacesAnExistingRelease() throws IOException {
        Path data = rats("rats.csv", false);
        Files.writeString(folder.resolve("r.json"), "old");
        assertThat(release(data, "r.json").err()).contains("already exists");
        assertThat(Files.readString(folder.resolve("r.json"))).isEqualTo("old");
        Cli forced = release(data, "r.json", "--force");
        assertThat(forced.exit()).as(forced.toString()).isZero();
        assertThat(json("r.json").get("mechanism").asText()).isEqualTo("riemannian-laplace");
    }
}
