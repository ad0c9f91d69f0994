package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mdp release --where}: the release publishes and calibrates with n, the number of selected rows, so the
 * column it selects by must be declared public ({@code --public-columns}). Without the declaration the release is
 * refused from the flags alone, before the file is read; with it, release.json and the console state the selection,
 * the declaration and the unit of privacy restricted to the selected rows.
 */
class PublicSelectionTest {

    @TempDir
    Path folder;

    private Path points;

    /** 24 sphere points near the pole: 16 of site a, 8 of site b. */
    @BeforeEach
    void writePoints() throws IOException {
        StringBuilder csv = new StringBuilder("site,x,y,z\n");
        for (int i = 0; i < 24; i++) {
            double t = 0.2 * i / 24;
            csv.append(String.format(Locale.ROOT, "%s,%.17g,%.17g,%.17g%n", i % 3 == 2 ? "b" : "a",
                    Math.sin(t) * Math.cos(i), Math.sin(t) * Math.sin(i), Math.cos(t)));
        }
        points = folder.resolve("sites.csv");
        Files.writeString(points, csv);
    }

    private Cli release(Path input, String... extra) {
        List<String> args = new ArrayList<>(List.of("release", "--geometry", "sphere:d=2", "--mechanism",
                "riemannian-laplace", "--epsilon", "1", "--center", "0,0,1", "--radius", "0.3", "--input",
                input.toString(), "--columns", "x,y,z", "--out", folder.resolve("release.json").toString(),
                "--ledger", folder.resolve("ledger.json").toString()));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    private void assertRefusedWithNothingWritten(Cli cli, String... fragments) {
        assertThat(cli.exit()).as(cli.toString()).isEqualTo(1);
        assertThat(cli.errLines()).as(cli.toString()).hasSize(1);
        assertThat(cli.err()).startsWith("mdp: error: ").contains(fragments);
        assertThat(folder.resolve("release.json")).doesNotExist();
        assertThat(folder.resolve("ledger.json")).doesNotExist();
    }

    /** The refusal names the flag, says how to declare the column and what the declaration means. */
    @Test
    void whereWithoutTheDeclarationIsRefused() {
        assertRefusedWithNothingWritten(release(points, "--where", "site=a"),
                "--where site=a selects rows by the column 'site'",
                "declare it with --public-columns site",
                "whether a record is selected is public knowledge",
                "one selected record replaced by any other point of the ball",
                "Nothing was read or written. Provided value: --where site=a");
    }

    /**
     * The refusal comes from the flags alone: a file with a bad row later, or no file at all, gives the same message,
     * while the declared release of the bad file fails on its row.
     */
    @Test
    void theRefusalDoesNotReadTheFile() throws IOException {
        Path bad = folder.resolve("bad.csv");
        Files.writeString(bad, Files.readString(points) + "a,0,NaN,1\n");
        assertRefusedWithNothingWritten(release(bad, "--where", "site=a"), "declare it with --public-columns site");
        assertRefusedWithNothingWritten(release(folder.resolve("absent.csv"), "--where", "site=a"),
                "declare it with --public-columns site");
        Cli declared = release(bad, "--where", "site=a", "--public-columns", "site");
        assertRefusedWithNothingWritten(declared, "line 26");
        assertThat(declared.err()).doesNotContain("--public-columns");
    }

    @Test
    void theDeclaredSelectionIsReleasedAndRecorded() throws IOException {
        Cli cli = release(points, "--where", "site=a", "--public-columns", "site");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("records       16 from")
                .contains("selection     site in a (--where site=a; 'site' declared public")
                .contains("privacy unit  one record").contains("selected by the column 'site' declared public");
        JsonNode json = new ObjectMapper().readTree(folder.resolve("release.json").toFile());
        JsonNode input = json.get("input");
        assertThat(input.get("rows").asText()).isEqualTo("site in a");
        assertThat(input.get("publicColumns")).hasSize(1);
        assertThat(input.get("publicColumns").get(0).asText()).isEqualTo("site");
        assertThat(input.get("records").asInt()).isEqualTo(16);
        assertThat(json.get("unitOfPrivacy").asText()).startsWith("one record")
                .contains("the records are the rows with site in a")
                .contains("whether a record is selected is public knowledge");
        // calibrated for the 16 selected records: the sensitivity is that of all 24 rows times 24/16
        Cli all = release(points, "--force");
        assertThat(all.exit()).as(all.toString()).isZero();
        double everyRow = new ObjectMapper().readTree(folder.resolve("release.json").toFile()).get("sensitivity")
                .asDouble();
        assertThat(json.get("sensitivity").asDouble()).isCloseTo(everyRow * 24 / 16,
                org.assertj.core.data.Offset.offset(1e-12));
    }

    /** Without --where every row is released and nothing about a selection is claimed. */
    @Test
    void withoutWhereNothingIsDeclared() throws IOException {
        Cli cli = release(points);
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("records       24 from").doesNotContain("selection");
        JsonNode json = new ObjectMapper().readTree(folder.resolve("release.json").toFile());
        assertThat(json.get("input").has("publicColumns")).isFalse();
        assertThat(json.get("input").has("rows")).isFalse();
    }

    /** A declaration is only for the --where column: alone, or naming another column, it is refused. */
    @Test
    void aDeclarationWithoutUseIsRefused() {
        assertRefusedWithNothingWritten(release(points, "--public-columns", "site"),
                "--public-columns declares the column that --where selects rows by",
                "Provided value: site");
        assertRefusedWithNothingWritten(release(points, "--where", "site=a", "--public-columns", "x"),
                "--where site=a selects rows by the column 'site'",
                "Provided value: --where site=a, --public-columns x");
        assertRefusedWithNothingWritten(release(points, "--where", "site=a", "--public-columns", "site,x"),
                "--public-columns: 'x' is not the column --where selects by ('site')",
                "Provided value: site,x");
    }
}
