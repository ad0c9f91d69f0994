package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25's reproductions: the ledger keeps one account per dataset (not per byte string or unit of privacy), so a
 * reordered or reformatted file, or a record-level release after a subject-level one, cannot spend beyond the
 * declared total; releases that were not private void the account and every later release says so; a pure total
 * with a release that spends delta is refused before drawing with advice that can work; and mdp run on a user's
 * file says its releases are simulations.
 */
class LedgerAccountsTest {

    @TempDir
    Path folder;

    /** 18 subjects x 3 records on the cap of radius 0.2: id,x0,x1,x2, one row per line, in the given order. */
    private Path data(String name, boolean shuffled, boolean reformatted) throws IOException {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 54; i++) {
            double t = 0.2 * i / 54;
            double[] x = {Math.sin(t) * Math.cos(i), Math.sin(t) * Math.sin(i), Math.cos(t)};
            rows.add(reformatted
                    ? String.format(Locale.ROOT, "%.17e,%s,%.17e,rat%d", x[0], Double.toString(x[1]), x[2], i / 3)
                    : String.format(Locale.ROOT, "rat%d,%s,%s,%s", i / 3, x[0], x[1], x[2]));
        }
        if (shuffled) {
            Collections.shuffle(rows, new java.util.Random(3));
        }
        String header = reformatted ? "x0,x1,x2,id" : "id,x0,x1,x2";
        Path file = folder.resolve(name);
        Files.writeString(file, header + "\n" + String.join("\n", rows) + "\n");
        return file;
    }

    private Cli release(Path input, String out, String... extra) {
        List<String> args = new ArrayList<>(List.of("release", "--geometry", "sphere:d=2", "--center", "0,0,1",
                "--radius", "0.3", "--input", input.toString(), "--columns", "x0,x1,x2", "--out",
                folder.resolve(out).toString(), "--ledger", folder.resolve("ledger.json").toString()));
        args.addAll(List.of(extra));
        if (!args.contains("--mechanism")) {
            args.addAll(List.of("--mechanism", "riemannian-laplace"));
        }
        return Cli.run(args.toArray(String[]::new));
    }

    private JsonNode ledger() throws IOException {
        return new ObjectMapper().readTree(folder.resolve("ledger.json").toFile());
    }

    @Test
    void reorderedAndReformattedFilesAreTheSameAccount() throws IOException {
        Path original = data("a.csv", false, false);
        Cli first = release(original, "r1.json", "--epsilon", "1", "--total-epsilon", "1.5");
        assertThat(first.exit()).as(first.toString()).isZero();
        Path other = data("b.csv", true, true);
        assertThat(Files.readString(other)).isNotEqualTo(Files.readString(original));
        Cli second = release(other, "r2.json", "--epsilon", "1");
        assertThat(second.exit()).as(second.toString()).isEqualTo(1);
        assertThat(second.err()).contains("has only (epsilon, delta) = (0.500000, 0.00000) left");
        assertThat(ledger().get("datasets")).hasSize(1);
        assertThat(ledger().get("datasets").fieldNames().next()).startsWith("content:");
    }

    @Test
    void aDeclaredDatasetIsOneAccountAcrossFiles() throws IOException {
        assertThat(release(data("a.csv", false, false), "r1.json", "--epsilon", "1", "--dataset", "rats-2026",
                "--total-epsilon", "1.5").exit()).isZero();
        // other content, same people by the owner's declaration
        Path edited = folder.resolve("edited.csv");
        Files.writeString(edited, Files.readString(folder.resolve("a.csv")).replace("rat0,", "rat00,"));
        Cli refused = release(edited, "r2.json", "--epsilon", "1", "--dataset", "rats-2026");
        assertThat(refused.err()).contains("has only (epsilon, delta) = (0.500000, 0.00000) left");
        assertThat(ledger().get("datasets").fieldNames().next()).isEqualTo("dataset:rats-2026");
    }

    @Test
    void recordReleasesCountMTimesOnceASubjectReleaseIsInForce() throws IOException {
        Path file = data("a.csv", false, false);
        Cli subjects = release(file, "s.json", "--epsilon", "1", "--subject-column", "id",
                "--max-records-per-subject", "3", "--total-epsilon", "2.5");
        assertThat(subjects.exit()).as(subjects.toString()).isZero();
        // a record-level release of 0.4 is 3 x 0.4 = 1.2 per subject: 1 + 1.2 = 2.2 fits, a second does not
        Cli records = release(file, "r.json", "--epsilon", "0.4");
        assertThat(records.exit()).as(records.toString()).isZero();
        assertThat(records.out()).contains("count as (3 epsilon");
        Cli again = release(file, "r2.json", "--epsilon", "0.4");
        assertThat(again.exit()).isEqualTo(1);
        assertThat(again.err()).contains("needs (epsilon, delta) = (1.20000, 0.00000)")
                .contains("per subject of at most 3 records");
        assertThat(ledger().get("datasets")).hasSize(1);
    }

    @Test
    void aReleaseThatWasNotPrivateVoidsTheAccountForEveryLaterRelease() throws IOException {
        Path file = data("a.csv", false, false);
        assertThat(release(file, "seeded.json", "--epsilon", "0.5", "--seed", "4").exit()).isZero();
        Cli later = release(file, "later.json", "--epsilon", "0.5");
        assertThat(later.exit()).as(later.toString()).isZero();
        assertThat(later.out()).contains("guarantee is VOID");
        Cli third = release(file, "third.json", "--epsilon", "0.5");
        assertThat(third.out()).contains("guarantee is VOID");
    }

    @Test
    void aPureTotalRefusesADeltaReleaseBeforeDrawingWithAdviceThatWorks() throws IOException {
        Path file = data("a.csv", false, false);
        Cli kng = release(file, "k.json", "--mechanism", "kng", "--epsilon", "1", "--total-epsilon", "5");
        assertThat(kng.exit()).isEqualTo(1);
        assertThat(kng.err()).contains("Nothing was drawn or written").contains("declared total is pure")
                .contains("--mechanism riemannian-laplace").contains("--total-delta");
        assertThat(folder.resolve("k.json")).doesNotExist();
        Cli laplace = release(file, "l.json", "--mechanism", "riemannian-laplace", "--epsilon", "1",
                "--total-epsilon", "5");
        assertThat(laplace.exit()).as(laplace.toString()).isZero();
        Cli withDelta = release(file, "k2.json", "--mechanism", "kng", "--epsilon", "1", "--total-epsilon", "5",
                "--total-delta", "1e-9", "--override-budget");
        assertThat(withDelta.exit()).as(withDelta.toString()).isZero();
    }

    /** 40 SPD(3) tensors as 9 columns (and a subject id, two tensors each) near the identity. */
    private Path tensors() throws IOException {
        StringBuilder text = new StringBuilder("id,a,b,c,d,e,f,g,h,i\n");
        for (int i = 0; i < 40; i++) {
            double x = 1 + 0.3 * i / 40;
            text.append(String.format(Locale.ROOT, "p%d,%s,0.1,0,0.1,%s,0,0,0,%s%n", i / 2, x, 2 - x / 2, 1 + x / 4));
        }
        Path file = folder.resolve("tensors.csv");
        Files.writeString(file, text.toString());
        return file;
    }

    private Cli gaussian(Path input, String out, String... extra) {
        List<String> args = new ArrayList<>(List.of("release", "--geometry", "spd/log-euclidean:k=3", "--center",
                "1,0,0,0,1,0,0,0,1", "--radius", "2", "--input", input.toString(), "--columns", "a,b,c,d,e,f,g,h,i",
                "--mechanism", "tangent-gaussian", "--epsilon", "0.5", "--delta", "1e-6", "--out",
                folder.resolve(out).toString(), "--ledger", folder.resolve("ledger.json").toString()));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void gaussianReleasesComposeUnderZcdpWhereBasicCompositionWouldRefuse() throws IOException {
        // ten (0.5, 1e-6) lattice-Gaussian releases against a total of (3, 1e-5): basic composition refuses the
        // seventh (3.5 > 3); under zCDP the ten together cost about 1.7
        Path file = tensors();
        for (int i = 0; i < 10; i++) {
            Cli release = i == 0 ? gaussian(file, "g0.json", "--total-epsilon", "3", "--total-delta", "1e-5")
                    : gaussian(file, "g" + i + ".json");
            assertThat(release.exit()).as("release %d: %s", i, release).isZero();
            if (i > 0) {
                assertThat(release.out() + release.err()).contains("the account composes by zCDP for " + (i + 1)
                        + " release(s)");
            }
        }
        JsonNode releases = ledger().get("datasets").elements().next().get("releases");
        assertThat(releases).hasSize(10);
        double noiseRho = new ObjectMapper().readTree(folder.resolve("g0.json").toFile()).get("parameters")
                .get("noiseRho").asDouble();
        for (JsonNode entry : releases) {
            assertThat(entry.get("event").asText()).isEqualTo("zcdp");
            assertThat(entry.get("rho").asDouble()).isEqualTo(noiseRho);
            assertThat(entry.get("exactSampler").asBoolean()).isTrue();
        }
        // a subject-level release of M = 2 records each states 4 rho, and converts the ten record-level ones too
        Cli subjects = gaussian(file, "s.json", "--subject-column", "id", "--max-records-per-subject", "2");
        assertThat(subjects.exit()).as(subjects.toString()).isEqualTo(1);
        assertThat(subjects.err()).contains("Nothing was drawn");
        Cli more = gaussian(file, "s.json", "--subject-column", "id", "--max-records-per-subject", "2",
                "--override-budget");
        assertThat(more.exit()).as(more.toString()).isZero();
        JsonNode last = ledger().get("datasets").elements().next().get("releases").get(10);
        double perRecordRho = new ObjectMapper().readTree(folder.resolve("s.json").toFile()).get("parameters")
                .get("noiseRho").asDouble();
        assertThat(last.get("rho").asDouble()).isCloseTo(4 * perRecordRho, org.assertj.core.data.Offset.offset(
                1e-15));
    }

    @Test
    void budgetShowsTheAccountDeclaresItsTotalOnceAndSaysWhyANextReleaseWouldBeRefused() throws IOException {
        Path file = data("a.csv", false, false);
        assertThat(release(file, "r1.json", "--epsilon", "1", "--dataset", "rats").exit()).isZero();
        String ledger = folder.resolve("ledger.json").toString();
        Cli declare = Cli.run("budget", "--ledger", ledger, "--dataset", "rats", "--total-epsilon", "1.5");
        assertThat(declare.exit()).as(declare.toString()).isZero();
        assertThat(declare.out()).contains("declared the total (epsilon, delta) = (1.50000, 0.00000) for dataset:rats");
        Cli again = Cli.run("budget", "--ledger", ledger, "--dataset", "rats", "--total-epsilon", "2");
        assertThat(again.exit()).isEqualTo(1);
        assertThat(again.err()).contains("already declares the total").contains("--override-budget");
        Cli show = Cli.run("budget", "--ledger", ledger, "--epsilon", "1");
        assertThat(show.exit()).as(show.toString()).isZero();
        assertThat(show.out()).contains("account  dataset:rats").contains("riemannian-laplace").contains("pure")
                .contains("spent       (epsilon, delta) = (1.00000, 0.00000) by basic composition")
                .contains("left        epsilon 0.500000, delta 0.00000")
                .contains("next (epsilon, delta) = (1.00000, 0.00000): would be REFUSED");
        // the release command agrees: the total declared by mdp budget holds
        Cli second = release(file, "r2.json", "--epsilon", "1", "--dataset", "rats");
        assertThat(second.exit()).isEqualTo(1);
        assertThat(second.err()).contains("has only (epsilon, delta) = (0.500000, 0.00000) left");
        Cli missing = Cli.run("budget", "--ledger", ledger, "--dataset", "mice");
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.err()).contains("has no account dataset:mice").contains("dataset:rats");
    }

    @Test
    void releasesOfDisjointPublicSelectionsComposeInParallel() throws IOException {
        StringBuilder text = new StringBuilder("cls,x0,x1,x2\n");
        for (int i = 0; i < 40; i++) {
            double t = 0.2 * i / 40;
            text.append(String.format(Locale.ROOT, "%s,%s,%s,%s%n", i % 2 == 0 ? "a" : "b", Math.sin(t) * Math.cos(i),
                    Math.sin(t) * Math.sin(i), Math.cos(t)));
        }
        Path file = folder.resolve("classes.csv");
        Files.writeString(file, text.toString());
        Cli a = release(file, "a.json", "--epsilon", "1", "--where", "cls=a", "--public-columns", "cls",
                "--total-epsilon", "1.5");
        assertThat(a.exit()).as(a.toString()).isZero();
        // the class-b records are reached by this release only: 1 <= 1.5, where basic composition would need 2
        Cli b = release(file, "b.json", "--epsilon", "1", "--where", "cls=b", "--public-columns", "cls");
        assertThat(b.exit()).as(b.toString()).isZero();
        assertThat(b.out() + b.err()).contains("compose in parallel").contains("worst record (cls = a)");
        JsonNode entry = ledger().get("datasets").elements().next().get("releases").get(1);
        assertThat(entry.get("selectionColumn").asText()).isEqualTo("cls");
        assertThat(entry.get("selectionValues").get(0).asText()).isEqualTo("b");
        // a release of every row reaches both classes: 1 + 1 > 1.5
        Cli all = release(file, "all.json", "--epsilon", "1");
        assertThat(all.exit()).isEqualTo(1);
        assertThat(all.err()).contains("the release needs").contains("Nothing was drawn");
        Cli small = release(file, "all.json", "--epsilon", "0.5");
        assertThat(small.exit()).as(small.toString()).isZero();
    }

    @Test
    void aRunOnTheUsersOwnFileSaysItsReleasesAreSimulations() throws IOException {
        Path file = data("a.csv", false, false);
        Path config = folder.resolve("own.yaml");
        Files.writeString(config, String.join("\n",
                "name: own",
                "seed: 1",
                "replicates: 2",
                "threads: 1",
                "geometry: sphere:d=2",
                "data: { file: a.csv, columns: [x0, x1, x2], center: [0, 0, 1], radius: 0.3 }",
                "sweep: { epsilon: [1.0] }",
                "estimator: frechet-mean",
                "mechanisms: [ { name: riemannian-laplace } ]",
                "utility: [geodesic-distance]", ""));
        Cli run = Cli.run("run", config.toString(), "--out", folder.resolve("out").toString(), "--quiet");
        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(run.err()).contains("they are simulations").contains("data.file");
    }
}
