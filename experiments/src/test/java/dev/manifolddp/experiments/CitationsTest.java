package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every citation in the repository's code, configurations and docs can be followed inside the repository: no
 * pointer to files outside it (the maintainers' formula digest, their paper folder), no bare paper number with a
 * section, and every author-year key resolves in {@code docs/references.md}. The patterns below are written so that
 * this file does not match them itself.
 */
class CitationsTest {

    /** Pointers a reader of the repository cannot follow, with what to write instead. */
    private static final List<Forbidden> FORBIDDEN = List.of(
            new Forbidden(Pattern.compile("MATH\\s*§"),
                    "cites the maintainers' formula digest; cite the paper the formula comes from or the docs/*.md "
                            + "section that derives it"),
            new Forbidden(Pattern.compile("\\.\\./shared"), "points outside the repository"),
            new Forbidden(Pattern.compile("\\bpapers[/]"), "points to a paper folder outside the repository"),
            new Forbidden(Pattern.compile("\\b00[0-9](?:,|'s)? (?:§|Figs?\\.|Theorems?|Thm|Lemma|Prop\\.|App\\.|eq\\.|"
                    + "Remark|Def\\.|Table|Assumption|Alg\\.)|\\b[Pp]aper 00[0-9]\\b|\\b00[0-9]'s\\b|\\(00[0-9]\\)"),
                    "cites a paper by its number; use its author-year key from docs/references.md"));

    /** Author names: a capital, then a lowercase letter (so abbreviations such as CKS are not names). */
    private static final String NAME = "(?:[Vv]an |[Dd]e )?[A-Z](?:'[A-Z])?[a-z][A-Za-z\\-]*";

    /** "A 2011", "A and B 2016", "A, B, C 2020", "A, B and C 2006", "A et al. 2022". */
    private static final Pattern KEY = Pattern.compile("\\b(" + NAME + "(?:, " + NAME + ")*(?:,? and " + NAME
            + ")?(?: et al\\.)?) ((?:19|20)\\d\\d)\\b");

    /** Words that precede a year without being an author (dates in logs and outputs). */
    private static final Set<String> NOT_AUTHORS = Set.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
            "Sep", "Sept", "Oct", "Nov", "Dec", "January", "February", "March", "April", "June", "July", "August",
            "September", "October", "November", "December");

    private static final Set<String> TEXT_SUFFIXES = Set.of(".java", ".md", ".yaml", ".yml", ".py", ".json", ".sh");

    private static Path root;
    private static Set<String> keys;
    private static Set<String> firstAuthorYears;

    @BeforeAll
    static void readReferences() throws IOException {
        root = Path.of("..").toAbsolutePath().normalize();
        Path references = root.resolve("docs/references.md");
        assertThat(references).as("docs/references.md from the experiments module").exists();
        keys = new HashSet<>();
        firstAuthorYears = new HashSet<>();
        for (String line : Files.readAllLines(references, StandardCharsets.UTF_8)) {
            if (!line.startsWith("| ") || line.startsWith("| key ")) {
                continue;
            }
            Matcher m = KEY.matcher(line.substring(2, line.indexOf('|', 2)).trim());
            if (m.lookingAt()) {
                keys.add(normalise(m.group(1), m.group(2)));
                firstAuthorYears.add(firstAuthor(m.group(1)) + " " + m.group(2));
            }
        }
        assertThat(keys).as("author-year keys in docs/references.md").hasSizeGreaterThan(20);
    }

    @Test
    void noCitationPointsOutsideTheRepository() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path file : citingFiles()) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            Prose prose = Prose.of(lines);
            for (Forbidden f : FORBIDDEN) {
                Matcher m = f.pattern.matcher(prose.text);
                while (m.find()) {
                    int line = prose.lineOf(m.start());
                    problems.add(root.relativize(file) + ":" + line + ": " + f.why + ": " + lines.get(line - 1).strip());
                }
            }
        }
        assertThat(problems).as("citations a reader cannot follow").isEmpty();
    }

    @Test
    void everyAuthorYearKeyResolvesInReferences() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path file : citingFiles()) {
            Prose prose = Prose.of(Files.readAllLines(file, StandardCharsets.UTF_8));
            Matcher m = KEY.matcher(prose.text);
            while (m.find()) {
                if (!resolves(m.group(1), m.group(2))) {
                    problems.add(root.relativize(file) + ":" + prose.lineOf(m.start()) + ": '" + m.group()
                            + "' is not a key of docs/references.md; add the work there with a full citation or "
                            + "cite it by its key");
                }
            }
        }
        assertThat(problems).as("author-year citations missing from docs/references.md").isEmpty();
    }

    @Test
    void theCheckSeesWhatItMustFlag() {
        assertThat(resolves("Soto et al.", "2022")).isTrue();
        assertThat(resolves("Dwork, Roth", "2014")).as("a list form of 'Dwork and Roth 2014'").isTrue();
        assertThat(resolves("Jagielski, Ullman, Oprea", "2020")).as("the first author and year of a key").isTrue();
        assertThat(resolves("Soto et al.", "2019")).isFalse();
        assertThat(resolves("Nobody and Someone", "2020")).isFalse();
        String numbered = "00" + "1 §4.1";
        assertThat(FORBIDDEN).anyMatch(f -> f.pattern.matcher("see " + numbered).find());
        assertThat(FORBIDDEN).anyMatch(f -> f.pattern.matcher("as in paper " + "003").find());
        assertThat(FORBIDDEN).noneMatch(f -> f.pattern.matcher("see Soto et al. 2022, §4.1").find());
        assertThat(FORBIDDEN).noneMatch(f -> f.pattern.matcher("configs/001-fig1-left-sphere.yaml, 20 001 points")
                .find());
        Prose wrapped = Prose.of(List.of(" * region covariance (Tuzel,",
                " * Porikli, Meer " + "2006) and (Nobody", " * 1999)"));
        Matcher m = KEY.matcher(wrapped.text);
        assertThat(m.find()).isTrue();
        assertThat(m.group()).isEqualTo("Tuzel, Porikli, Meer 2006");
        assertThat(wrapped.lineOf(m.start())).isEqualTo(1);
        assertThat(m.find()).isTrue();
        assertThat(m.group()).isEqualTo("Nobody" + " 1999");
        assertThat(resolves(m.group(1), m.group(2))).isFalse();
    }

    /** Sources, configurations, scripts and docs; build output, data files and hidden folders but .ci are skipped. */
    private static List<Path> citingFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> files = walk.filter(Files::isRegularFile)
                    .filter(p -> !skipped(root.relativize(p)))
                    .filter(CitationsTest::isText)
                    .sorted()
                    .toList();
            assertThat(files).as("files scanned under " + root).hasSizeGreaterThan(100);
            return files;
        }
    }

    private static boolean skipped(Path relative) {
        for (Path part : relative) {
            String name = part.toString();
            if (name.equals("target") || name.equals("results") || name.equals("node_modules")
                    || (name.startsWith(".") && !name.equals(".ci"))) {
                return true;
            }
        }
        // bundled data keep their own files; only their READMEs are prose
        return relative.startsWith("datasets") && !relative.toString().endsWith(".md");
    }

    private static boolean isText(Path p) {
        String name = p.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? p.getParent().endsWith(".ci") : TEXT_SUFFIXES.contains(name.substring(dot));
    }

    private static boolean resolves(String authors, String year) {
        String first = firstAuthor(authors);
        if (NOT_AUTHORS.contains(first)) {
            return true;
        }
        return keys.contains(normalise(authors, year)) || firstAuthorYears.contains(first + " " + year);
    }

    /** "A, B and C" and "A, B, C" name the same key. */
    private static String normalise(String authors, String year) {
        return authors.replace(", and ", ", ").replace(" and ", ", ").toLowerCase(Locale.ROOT) + " " + year;
    }

    private static String firstAuthor(String authors) {
        return authors.split(",| and | et al\\.")[0].trim();
    }

    private record Forbidden(Pattern pattern, String why) {
    }

    /**
     * A file's lines joined by single spaces, without indentation and comment markers, so that a key wrapped over
     * two lines (a list of authors broken after a comma) is read whole; {@link #lineOf} maps an offset back to its line.
     */
    private record Prose(String text, int[] lineStarts) {

        private static final Pattern MARGIN = Pattern.compile("^\\s*(?:\\*|//|#)?\\s*");

        static Prose of(List<String> lines) {
            StringBuilder text = new StringBuilder();
            int[] starts = new int[lines.size()];
            for (int i = 0; i < lines.size(); i++) {
                starts[i] = text.length();
                text.append(MARGIN.matcher(lines.get(i)).replaceFirst("")).append(' ');
            }
            return new Prose(text.toString(), starts);
        }

        /** The 1-based line holding the character at {@code offset}. */
        int lineOf(int offset) {
            int i = Arrays.binarySearch(lineStarts, offset);
            return (i >= 0 ? i : -i - 2) + 1;
        }
    }
}
