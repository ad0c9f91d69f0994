package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code mdp release} under hostile or malformed input: data files, numeric flags, centres, geometries, mechanisms,
 * output collisions and ledgers. Every case must fail with a non-zero exit, exactly one {@code mdp: error:} line on
 * stderr that names the problem, no stack trace, no NaN in any output, no new output file, and every file that existed
 * before unchanged (snapshot of the folder's bytes before and after).
 */
class BadReleaseInputTest {

    /** 40 points of the cap of radius 0.2 around the north pole, six decimals, with a header. */
    static final String SPHERE;
    /** The same rows without the header. */
    static final String ROWS;

    static {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            double t = 0.2 * i / 40;
            rows.append(String.format(Locale.ROOT, "%.6f,%.6f,%.6f%n", Math.sin(t) * Math.cos(i),
                    Math.sin(t) * Math.sin(i), Math.cos(t)));
        }
        ROWS = rows.toString();
        SPHERE = "x0,x1,x2\n" + ROWS;
    }

    /** A file of 6 subjects with 3 records each: id, then the coordinates. */
    static final String SUBJECTS;

    static {
        StringBuilder rows = new StringBuilder("id,x0,x1,x2\n");
        String[] lines = ROWS.split("\n");
        for (int i = 0; i < 18; i++) {
            rows.append("rat").append(i / 3).append(',').append(lines[i]).append('\n');
        }
        SUBJECTS = rows.toString();
    }

    private static final String IDENTITY = "1,0,0,0,1,0,0,0,1";

    /**
     * A regular 50-gon as raw landmark coordinates (Kendall shapes with 50 landmarks, dimension 96).
     */
    static final String POLYGON_50 = java.util.stream.IntStream.range(0, 50)
            .mapToObj(j -> Math.cos(2 * Math.PI * j / 50) + "," + Math.sin(2 * Math.PI * j / 50))
            .collect(java.util.stream.Collectors.joining(","));

    /**
     * The north pole of S^20: with few records at r = 0.3 the public acceptance bound of the exact KNG is hopeless
     * and the sphere offers no data-dependent envelope, so kng's auto sampler runs the chain (on Kendall shapes it
     * now draws exactly with the data-dependent envelope).
     */
    static final String POLE_20 = "0,".repeat(20) + "1";

    @TempDir
    Path folder;

    /**
     * One hostile input.
     *
     * @param name     what is wrong
     * @param data     the data file's bytes
     * @param flags    option values replacing (or, when null, removing) the defaults; a key starting with "+" adds
     *                 a bare option
     * @param setup    extra files to create before the run (name relative to the folder -> content)
     * @param fragment what the error line must contain
     */
    record Case(String name, byte[] data, Map<String, String> flags, Map<String, String> setup, String fragment) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final class Builder {
        final List<Case> cases = new ArrayList<>();

        void file(String name, String data, String fragment) {
            bytes(name, data.getBytes(StandardCharsets.UTF_8), fragment);
        }

        void bytes(String name, byte[] data, String fragment) {
            cases.add(new Case(name, data, Map.of(), Map.of(), fragment));
        }

        void flag(String name, String flag, String value, String fragment) {
            Map<String, String> flags = new LinkedHashMap<>();
            flags.put(flag, value);
            flags(name, SPHERE, flags, fragment);
        }

        void flags(String name, String data, Map<String, String> flags, String fragment) {
            cases.add(new Case(name, data.getBytes(StandardCharsets.UTF_8), flags, Map.of(), fragment));
        }

        void setup(String name, String data, Map<String, String> flags, Map<String, String> setup,
                String fragment) {
            cases.add(new Case(name, data.getBytes(StandardCharsets.UTF_8), flags, setup, fragment));
        }
    }

    static Map<String, String> map(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }

    static Stream<Case> cases() {
        Builder b = new Builder();
        String good = ROWS.lines().skip(3).collect(Collectors.joining("\n", "", "\n"));
        // ---- the first row: header only when every field is a name -------------------------------------------
        b.file("typo O.1 in the first row", "0.1,O.1,0.99\n" + good, "line 1: column 2 (x1) is not a number");
        b.file("BOM then a typo in the first row", "\uFEFF0.1,O.1,0.99\n" + good, "line 1: column 2 (x1)");
        b.file("first row mixes names and numbers", "x0,1,x2\n" + good, "line 1: column 1 (x0) is not a number");
        b.file("first row of NaN is not a header", "NaN,NaN,NaN\n" + good, "line 1: column 1 (x0) is 'NaN'");
        b.file("first row of inf is not a header", "inf,x,y\n" + good, "line 1: column 1 (x0)");
        b.file("header with a repeated name", "x,x,y\n" + good, "repeats the name 'x'");
        b.file("header with a dash", "x-0,x1,x2\n" + good, "line 1: column 1 (x0) is not a number");
        b.file("header with a trailing comment", "x0,x1,x2 # names\n" + good, "line 1, column 3 holds a '#'");
        b.file("header of two names", "x0,x1\n" + good, "has 3 fields but the header has 2");
        b.file("header of four names", "x0,x1,x2,x3\n" + good, "has 3 fields but the header has 4");
        // ---- separators and empty fields --------------------------------------------------------------------
        b.file("leading comma in the first row", ",0,0,1\n" + good, "line 1, column 1 is empty (a leading");
        b.file("leading comma in a later row", SPHERE + ",0,0,1\n", "line 42, column 1 is empty");
        b.file("trailing comma", SPHERE + "0,0,1,\n", "line 42, column 4 is empty (a trailing");
        b.file("two commas in a row", SPHERE + "0,,0,1\n", "line 42, column 2 is empty (two separators");
        b.file("blank field between commas", SPHERE + "0, ,1\n", "line 42, column 2 is empty");
        b.file("semicolons in a comma file", SPHERE + "0;0;1\n", "line 42 has 1 fields");
        b.file("extra semicolon", "x0;x1;x2\n0;0;1;\n", "line 2, column 4 is empty");
        b.file("spaces in a comma file", SPHERE + "0 0 1\n", "line 42 has 1 fields");
        b.file("tabs in a comma file", SPHERE + "0\t0\t1\n", "line 42 has 1 fields");
        b.file("thousands separator", SPHERE + "1,000,0,0\n", "line 42 has 4 fields");
        b.file("trailing comment on a row", SPHERE + "0,0,1 # north pole\n", "line 42, column 3 holds a '#'");
        b.file("trailing comment in a space file", "0 0 1 # pole\n0 0 1\n", "line 1, column 4 holds a '#'");
        b.file("comment with no space", SPHERE + "0,0,1#x\n", "line 42, column 3 holds a '#'");
        // ---- ragged rows ---------------------------------------------------------------------------------
        b.file("a short row", SPHERE + "0,1\n", "line 42 has 2 fields but the header has 3");
        b.file("a long row", SPHERE + "0,0,1,0\n", "line 42 has 4 fields but the header has 3");
        b.file("one field per row", "1\n1\n", "line 1 has 1 fields");
        b.file("rows too long without header", "0,0,1,5\n0,0,1,5\n", "line 1 has 4 fields");
        b.file("ragged without header", "0,0,1\n0,1\n", "line 2 has 2 fields but the first row has 3");
        b.file("a million columns", SPHERE + "0" + ",0".repeat(999_999) + "\n", "(1000000 fields in all)");
        b.file("a million-column first row", "0" + ",0".repeat(999_999) + "\n", "(1000000 fields in all)");
        b.file("a 100000-character field", SPHERE + "0,0," + "1".repeat(100_000) + "x\n", "(100001 characters)");
        // ---- numbers Java would accept, or not numbers at all ------------------------------------------------
        b.file("NaN", SPHERE + "0,NaN,1\n", "line 42: column 2 (x1) is 'NaN', not a finite number");
        b.file("nan", SPHERE + "0,nan,1\n", "line 42: column 2 (x1) is 'nan'");
        b.file("-NaN", SPHERE + "-NaN,0,1\n", "line 42: column 1 (x0) is '-NaN'");
        b.file("Infinity", SPHERE + "0,0,Infinity\n", "line 42: column 3 (x2) is 'Infinity'");
        b.file("-Infinity", SPHERE + "0,0,-Infinity\n", "line 42: column 3 (x2) is '-Infinity'");
        b.file("inf", SPHERE + "0,0,inf\n", "line 42: column 3 (x2) is 'inf'");
        b.file("hexadecimal", SPHERE + "0,0,0x1p0\n", "line 42: column 3 (x2) is written in hexadecimal");
        b.file("hex integer", SPHERE + "0,0,0x1\n", "column 3 (x2) is written in hexadecimal");
        b.file("double suffix", SPHERE + "0,0,1d\n", "line 42: column 3 (x2) is not a number");
        b.file("float suffix", SPHERE + "0,0,1f\n", "line 42: column 3 (x2) is not a number");
        b.file("overflow", SPHERE + "0,0,1e400\n", "line 42: column 3 (x2) is too large for a double");
        b.file("negative overflow", SPHERE + "-1e400,0,1\n", "line 42: column 1 (x0) is too large");
        b.file("two points", SPHERE + "0,0,1.0.0\n", "line 42: column 3 (x2) is not a number");
        b.file("double sign", SPHERE + "0,--1,0\n", "line 42: column 2 (x1) is not a number");
        b.file("plus minus", SPHERE + "0,+-1,0\n", "line 42: column 2 (x1) is not a number");
        b.file("dangling exponent", SPHERE + "0,0,1e\n", "line 42: column 3 (x2) is not a number");
        b.file("lone point", SPHERE + "0,.,1\n", "line 42: column 2 (x1) is not a number");
        b.file("exponent only", SPHERE + "0,e5,1\n", "line 42: column 2 (x1) is not a number");
        b.file("quoted number", SPHERE + "0,\"0\",1\n", "line 42: column 2 (x1) is not a number");
        b.file("unicode minus", SPHERE + "\u22120.1,0,1\n", "line 42: column 1 (x0) is not a number");
        b.file("full-width digit", SPHERE + "\uFF10,0,1\n", "line 42: column 1 (x0) is not a number");
        b.file("underscore digits", SPHERE + "1_0,0,1\n", "line 42: column 1 (x0) is not a number");
        b.file("decimal comma in a semicolon file", "x0;x1;x2\n0;0;0,99\n", "line 2: column 3 (x2) is not a number");
        b.file("percent", SPHERE + "0,0,100%\n", "line 42: column 3 (x2) is not a number");
        b.file("NUL byte in a field", SPHERE + "0\u00000,0,1\n", "\\u0000");
        b.file("control character", SPHERE + "0,\u00070,1\n", "\\u0007");
        b.file("zero-width space", SPHERE + "0,0\u200B,1\n", "\\u200B");
        b.file("a word", SPHERE + "north,pole,here\n", "line 42: column 1 (x0) is not a number");
        // ---- empty and near-empty files -------------------------------------------------------------------
        b.file("empty file", "", "has no data rows");
        b.file("blank lines only", "\n\n  \n\t\n", "has no data rows");
        b.file("comments only", "# a\n# b\n", "has no data rows");
        b.file("header only", "x0,x1,x2\n", "has no data rows (only a header)");
        b.file("BOM only", "\uFEFF", "has no data rows");
        b.file("BOM and header only", "\uFEFFx0,x1,x2\r\n", "has no data rows (only a header)");
        // ---- bytes that are not UTF-8 text ----------------------------------------------------------------
        byte[] junk = new byte[256];
        for (int i = 0; i < junk.length; i++) {
            junk[i] = (byte) (i * 37 + 11);
        }
        b.bytes("binary junk", junk, "is not UTF-8 text");
        b.bytes("gzip header", new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0}, "is not UTF-8 text: line 1");
        b.bytes("UTF-16 with BOM", "x0,x1,x2\n0,0,1\n".getBytes(StandardCharsets.UTF_16), "is not UTF-8 text");
        b.bytes("Latin-1 accent on line 3", (SPHERE.substring(0, 30) + "\n\u00e9\n").getBytes(
                StandardCharsets.ISO_8859_1), "is not UTF-8 text: line 3 has an invalid byte 0xE9");
        b.bytes("truncated UTF-8 sequence", concat(SPHERE.getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xE2,
                (byte) 0x82}), "is not UTF-8 text: line 42");
        b.bytes("overlong encoding", concat(SPHERE.getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC0,
                (byte) 0xAF}), "is not UTF-8 text");
        b.bytes("NUL bytes only", new byte[64], "line 1 has 1 fields");
        // ---- rows that are not points, or outside the ball ---------------------------------------------------
        b.file("row off the sphere", SPHERE + "0.5,0.5,0.5\n", "1 of 41 rows are not points of sphere");
        b.file("row slightly off beyond the tolerance", SPHERE + "0,0,1.001\n", "lies 0.00100 from the manifold");
        b.file("zero row", SPHERE + "0,0,0\n", "no nearby point exists");
        b.file("huge finite row", SPHERE + "1e300,0,0\n", "line 42 (not a point of sphere");
        b.file("huge entries everywhere", SPHERE + "1e308,1e308,1e308\n", "line 42 (not a point of sphere");
        b.file("subnormal row", SPHERE + "1e-320,0,0\n", "line 42 (not a point of sphere");
        b.file("many rows off", SPHERE + "2,0,0\n".repeat(12), "12 of 52 rows are not points");
        b.file("row outside the ball", SPHERE + "1,0,0\n", "1 of 41 records lie outside the declared ball");
        b.file("antipode outside the ball", SPHERE + "0,0,-1\n", "line 42 at distance 3.14159");
        // ---- numeric flags ------------------------------------------------------------------------------
        for (String[] bad : new String[][] {{"NaN", "NaN"}, {"-1", "-1"}, {"0", "0"}, {"abc", "abc"},
                {"Infinity", "Infinity"}, {"1e400", "1e400"}, {"0x1p0", "0x1p0"}, {"empty", ""}, {"-0", "-0"}}) {
            b.flag("--epsilon " + bad[0], "--epsilon", bad[1], "--epsilon must be a finite number > 0");
        }
        for (String[] bad : new String[][] {{"NaN", "NaN"}, {"-0.1", "-0.1"}, {"1", "1"}, {"2", "2"},
                {"abc", "abc"}, {"Infinity", "Infinity"}, {"1e400", "1e400"}}) {
            b.flag("--delta " + bad[0], "--delta", bad[1], "--delta must be 0 (pure DP) or a number strictly");
        }
        for (String[] bad : new String[][] {{"NaN", "NaN"}, {"-1", "-1"}, {"0", "0"}, {"abc", "abc"},
                {"Infinity", "Infinity"}, {"1e400", "1e400"}, {"empty", ""}}) {
            b.flag("--radius " + bad[0], "--radius", bad[1], "--radius must be a finite number > 0");
        }
        b.flag("--radius 1e308 on the sphere", "--radius", "1e308", "--radius 1e308");
        b.flags("--radius 1e308 on SPD", IDENTITY + "\n" + IDENTITY + "\n", map("--geometry", "spd/log-euclidean:k=3",
                "--mechanism", "tangent-gaussian", "--delta", "1e-6", "--center", IDENTITY, "--radius", "1e308"),
                "--radius must be a radius whose ball fits in double precision");
        b.flag("--radius beyond the sphere's limit", "--radius", "3", "--radius 3");
        for (String[] bad : new String[][] {{"NaN", "NaN"}, {"-1", "-1"}, {"0", "0"}, {"abc", "abc"},
                {"Infinity", "Infinity"}}) {
            b.flag("--total-epsilon " + bad[0], "--total-epsilon", bad[1], "--total-epsilon must be a finite number");
        }
        for (String bad : new String[] {"1", "-1", "abc", "NaN"}) {
            b.flags("--total-delta " + bad, SPHERE, map("--total-epsilon", "5", "--total-delta", bad),
                    "--total-delta must be 0");
        }
        b.flag("--total-delta without --total-epsilon", "--total-delta", "1e-6", "--total-delta needs --total-epsilon");
        b.flag("--seed garbage", "--seed", "abc", "'--seed'");
        b.flag("--seed too large", "--seed", "99999999999999999999", "'--seed'");
        // ---- the centre -------------------------------------------------------------------------------------
        b.flag("--center too short", "--center", "0,1", "--center: a vector in R^3 point needs 3 numbers");
        b.flag("--center too long", "--center", "0,0,1,0", "--center: a vector in R^3 point needs 3 numbers");
        b.flag("--center off the sphere", "--center", "0,0,2", "--center is not a point of sphere");
        b.flag("--center zero", "--center", "0,0,0", "--center is not a point of sphere");
        b.flag("--center NaN", "--center", "0,0,NaN", "--center: entry 3 (x2) is 'NaN'");
        b.flag("--center garbage", "--center", "a,b,c", "--center: entry 1 (x0) is not a number");
        b.flag("--center empty entry", "--center", "0,,1", "--center: entry 2 (x1) is not a number");
        b.flag("--center blank", "--center", " ", "--center is missing");
        b.flag("--center hexadecimal", "--center", "0,0,0x1p0", "--center: entry 3 (x2) is written in hexadecimal");
        b.flag("--center of a million entries", "--center", "0" + ",0".repeat(999_999), "(1000000 fields in all)");
        b.flags("--center off SPD", IDENTITY + "\n", map("--geometry", "spd/log-euclidean:k=3", "--mechanism",
                "tangent-gaussian", "--delta", "1e-6", "--center", "1,0,0,0,-1,0,0,0,1"), "--center is not a point");
        b.flags("--center not symmetric", IDENTITY + "\n", map("--geometry", "spd/log-euclidean:k=3", "--mechanism",
                "tangent-gaussian", "--delta", "1e-6", "--center", "1,0.5,0,0,1,0,0,0,1"), "--center is not a point");
        b.flags("--center with coinciding landmarks", "0,0,1,0,1,1,0,1\n", map("--geometry", "kendall:landmarks=4",
                "--center", "1,1,1,1,1,1,1,1"), "--center is the landmark configuration has no shape");
        // ---- geometry, mechanism, parameters -----------------------------------------------------------------
        b.flag("unknown geometry", "--geometry", "torus", "--geometry: unknown geometry 'torus'");
        b.flag("negative dimension", "--geometry", "sphere:d=-1", "--geometry: geometry 'sphere': parameter 'd'");
        b.flag("unknown geometry parameter", "--geometry", "sphere:q=2", "has no parameter 'q'");
        b.flag("empty geometry", "--geometry", "", "--geometry: a geometry specification is needed");
        b.flag("geometry of another dimension", "--geometry", "sphere:d=3", "a vector in R^4 point needs 4 numbers");
        b.flag("unknown mechanism", "--mechanism", "gauss", "--mechanism: unknown mechanism 'gauss'");
        b.flag("empty mechanism", "--mechanism", "", "--mechanism: unknown mechanism ''");
        b.flag("unknown parameter", "--param", "foo=1", "--param: mechanism 'riemannian-laplace' has no parameter");
        b.flag("parameter without value", "--param", "noequals", "'--param'");
        b.flags("bad parameter value", SPHERE, map("--mechanism", "kng", "--param", "proposal-budget=lots"),
                "--param: ");
        b.flags("tangent Gaussian on the sphere", SPHERE, map("--mechanism", "tangent-gaussian", "--delta", "1e-6"),
                "--mechanism tangent-gaussian refused the release");
        b.flags("Gaussian with delta 0", IDENTITY + "\n", map("--geometry", "spd/log-euclidean:k=3", "--mechanism",
                "tangent-gaussian", "--center", IDENTITY), "delta");
        b.flags("pure epsilon too large for the noise floor", SPHERE, map("--epsilon", "1e308"),
                "--mechanism riemannian-laplace refused the release with --epsilon 1e308");
        b.flags("mcmc without consent", POLE_20 + "\n" + POLE_20 + "\n", map("--geometry",
                "sphere:d=20", "--mechanism", "kng", "--center", POLE_20, "--radius", "0.3", "--param",
                "burn-in=50"), "--allow-mcmc");
        b.flag("unknown option", "--epsilom", "1", "'--epsilom'");
        b.flag("missing --input", "--input", null, "Missing required option: '--input=CSV'");
        b.flag("missing --center", "--center", null, "Missing required option: '--center=LIST'");
        b.flag("missing data file", "--input", "absent.csv", "data file not found");
        b.flag("input is a folder", "--input", ".", "is a folder");
        // ---- SPD and Kendall rows --------------------------------------------------------------------------
        Map<String, String> spd = map("--geometry", "spd/log-euclidean:k=3", "--mechanism", "tangent-gaussian",
                "--delta", "1e-6", "--center", IDENTITY);
        b.flags("SPD row not symmetric", IDENTITY + "\n1,0.1,0,0,1,0,0,0,1\n", spd, "line 2 (not a point of spd");
        b.flags("SPD row indefinite", IDENTITY + "\n1,0,0,0,-1,0,0,0,1\n", spd, "no nearby point exists");
        b.flags("SPD row singular", IDENTITY + "\n0,0,0,0,0,0,0,0,0\n", spd, "1 of 2 rows are not points");
        b.flags("SPD row of 8 numbers", "1,0,0,0,1,0,0,0\n", spd, "a 3x3 symmetric matrix point needs 9 numbers");
        b.flags("SPD row outside the ball", IDENTITY + "\n3,0,0,0,1,0,0,0,1\n", spd, "outside the declared ball");
        Map<String, String> kendall = map("--geometry", "kendall:landmarks=4", "--center",
                "-0.5,-0.5,0.5,-0.5,0.5,0.5,-0.5,0.5");
        b.flags("landmarks that coincide", "0,0,1,0,1,1,0,1\n1,1,1,1,1,1,1,1\n", kendall,
                "line 2 (the landmark configuration has no shape");
        b.flags("landmark row too short", "0,0,1,0,1,1\n", kendall, "a 4 planar landmarks point needs 8 numbers");
        // ---- subjects and columns ----------------------------------------------------------------------
        Map<String, String> subject = map("--subject-column", "id", "--max-records-per-subject", "3");
        b.flags("subject column without header", ROWS, subject, "has no header row");
        b.flags("unknown subject column", SUBJECTS, map("--subject-column", "rat", "--max-records-per-subject", "3"),
                "no subject column named 'rat'");
        b.flags("subject column without bound", SUBJECTS, map("--subject-column", "id"),
                "--subject-column id needs --max-records-per-subject");
        b.flags("bound without subject column", SUBJECTS, map("--max-records-per-subject", "3"),
                "--max-records-per-subject needs --subject-column");
        for (String bad : new String[] {"0", "-1", "2.5", "abc", "NaN", "1e9", "99999999999"}) {
            b.flags("--max-records-per-subject " + bad, SUBJECTS, map("--subject-column", "id",
                    "--max-records-per-subject", bad), "--max-records-per-subject must be an integer");
        }
        b.flags("a subject above the bound", SUBJECTS, map("--subject-column", "id", "--max-records-per-subject",
                "2"), "subject 'rat0' has more than --max-records-per-subject = 2 records (line 4");
        b.flags("empty subject column name", SUBJECTS, map("--subject-column", "", "--max-records-per-subject", "3"),
                "--subject-column must name a header column");
        b.flags("unknown coordinate column", SUBJECTS, map("--subject-column", "id", "--max-records-per-subject", "3",
                "--columns", "x0,x1,z"), "no column named 'z'");
        b.flags("two coordinate columns", SUBJECTS, map("--subject-column", "id", "--max-records-per-subject", "3",
                "--columns", "x0,x1"), "but --columns names 2");
        b.flags("subject also a coordinate", SUBJECTS, map("--subject-column", "id", "--max-records-per-subject", "3",
                "--columns", "id,x0,x1"), "cannot also be a coordinate column");
        b.flags("subject file with a bad coordinate", SUBJECTS + "rat9,0,zero,1\n", subject,
                "line 20: column 3 (x1) is not a number");
        b.flags("subject file with the subject missing", SUBJECTS + ",0,0,1\n", subject,
                "line 20, column 1 is empty");
        b.flags("subject file with one column too few", SUBJECTS.replace("id,", ""), subject,
                "line 2 has 4 fields but the header has 3");
        // ---- outputs ------------------------------------------------------------------------------------
        b.flag("--out is the input", "--out", "data.csv", "--out ~ data.csv is the same file as --input");
        b.flag("--out is the input by another name", "--out", "./sub/../data.csv", "--out ~ is the same file as --input");
        b.flag("--diagnostics is the input", "--diagnostics", "data.csv", "--diagnostics ~ data.csv is the same file as --input");
        b.setup("--out is a link to the input", SPHERE, map("--out", "link.csv"), map("@link", "link.csv"),
                "--out ~ link.csv is the same file as --input");
        b.flags("--diagnostics is --out", SPHERE, map("--diagnostics", "out.json"),
                "--diagnostics ~ out.json is the same file as --out");
        b.setup("--out exists", SPHERE, map("--out", "existing.json"), map("existing.json", "{\"mine\": 1}"),
                "--out ~ existing.json already exists and was left unchanged");
        b.setup("--diagnostics exists", SPHERE, map("--diagnostics", "existing.json"), map("existing.json", "keep"),
                "--diagnostics ~ existing.json already exists");
        b.flag("--out is a folder", "--out", ".", "--out ~ is a folder");
        b.flag("--ledger is the input", "--ledger", "data.csv", "--ledger ~ data.csv is the same file as --input");
        b.flag("--ledger is --out", "--ledger", "out.json", "--ledger ~ out.json is the same file as --out");
        // ---- ledgers ---------------------------------------------------------------------------------------
        b.setup("ledger not JSON", SPHERE, map(), map("ledger.json", "{ this is not json"),
                "--ledger ~ ledger.json is not a readable budget ledger: it is not JSON (line 1");
        b.setup("ledger empty file", SPHERE, map(), map("ledger.json", ""), "is not a readable budget ledger");
        b.setup("ledger without format", SPHERE, map(), map("ledger.json", "{\"datasets\": {}}"),
                "it does not start with \"format\"");
        b.setup("ledger is an array", SPHERE, map(), map("ledger.json", "[1, 2]"), "is not a readable budget ledger");
        b.setup("ledger without datasets", SPHERE, map(), map("ledger.json", "{\"format\": \""
                + "manifolddp-budget-ledger/1\"}"), "it has no \"datasets\" object");
        b.setup("ledger with a negative epsilon", SPHERE, map(), map("ledger.json", ledger("x".repeat(64),
                "null", "{\"epsilon\": -1, \"delta\": 0}")), "epsilon must be a finite number > 0");
        b.setup("ledger with a text epsilon", SPHERE, map(), map("ledger.json", ledger("x".repeat(64), "null",
                "{\"epsilon\": \"1\", \"delta\": 0}")), "lacks a numeric epsilon and delta");
        b.setup("ledger with NaN", SPHERE, map(), map("ledger.json", ledger("x".repeat(64), "null",
                "{\"epsilon\": NaN, \"delta\": 0}")), "it is not JSON");
        b.setup("ledger releases not a list", SPHERE, map(), map("ledger.json", "{\"format\": \"manifolddp-budget-"
                + "ledger/1\", \"datasets\": {\"k\": {\"releases\": 3}}}"), "has no \"releases\" list");
        b.setup("ledger is a folder", SPHERE, map(), map("ledger.json/", ""), "--ledger ~ ledger.json is a folder; give a file");
        b.setup("budget exhausted", SPHERE, map(), map("ledger.json", ledger(sha256(SPHERE),
                "{\"epsilon\": 1.5, \"delta\": 0}", "{\"epsilon\": 1, \"delta\": 0}")),
                "has only (epsilon, delta) = (0.500000, 0.00000) left");
        b.setup("stored pure total exceeded by a fixed-budget delta", SPHERE, map("--mechanism", "kng"), map(
                "ledger.json",
                ledger(sha256(SPHERE), "{\"epsilon\": 10, \"delta\": 0}", "{\"epsilon\": 1, \"delta\": 0}")),
                "the release needs (epsilon, delta) = (1.00000, ~ e-11) but the dataset's budget has only (epsilon, delta) "
                        + "= (9.00000, 0.00000) left");
        b.setup("declared total differs", SPHERE, map("--total-epsilon", "3"), map("ledger.json",
                ledger(sha256(SPHERE), "{\"epsilon\": 2, \"delta\": 0}", "{\"epsilon\": 1, \"delta\": 0}")),
                "already declares the total");
        b.flags("delta beyond a pure total", SPHERE, map("--total-epsilon", "5", "--mechanism", "kng"),
                "the dataset's budget has only (epsilon, delta) = (5.00000, 0.00000) left");
        b.flags("epsilon beyond a fresh total", SPHERE, map("--total-epsilon", "0.5"),
                "the release needs (epsilon, delta) = (1.00000, 0.00000)");
        return b.cases.stream();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(
                    text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String ledger(String sha, String total, String release) {
        return "{\"format\": \"manifolddp-budget-ledger/1\", \"datasets\": {\"sha256:" + sha + "\": {\"total\": "
                + total + ", \"releases\": [" + release + "]}}}";
    }

    @Test
    void thereAreAtLeastOneHundredDistinctCases() {
        List<Case> all = cases().toList();
        assertThat(all).hasSizeGreaterThanOrEqualTo(100);
        assertThat(all.stream().map(Case::name).collect(Collectors.toSet())).hasSize(all.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isRefusedCleanly(Case c) throws IOException {
        Files.write(folder.resolve("data.csv"), c.data());
        Files.writeString(folder.resolve("ledger.json"), ledger("0".repeat(64), "null",
                "{\"epsilon\": 0.25, \"delta\": 0}"));
        Files.createDirectories(folder.resolve("sub"));
        for (Map.Entry<String, String> file : c.setup().entrySet()) {
            if (file.getKey().startsWith("@")) {
                Files.createSymbolicLink(folder.resolve(file.getValue()), folder.resolve("data.csv"));
            } else if (file.getKey().endsWith("/")) {
                Path dir = folder.resolve(file.getKey().substring(0, file.getKey().length() - 1));
                Files.deleteIfExists(dir);
                Files.createDirectories(dir);
            } else {
                Files.writeString(folder.resolve(file.getKey()), file.getValue());
            }
        }
        Map<String, String> flags = new LinkedHashMap<>(map("--geometry", "sphere:d=2", "--mechanism",
                "riemannian-laplace", "--epsilon", "1", "--center", "0,0,1", "--radius", "0.5", "--input",
                "data.csv", "--out", "out.json", "--ledger", "ledger.json"));
        for (Map.Entry<String, String> flag : c.flags().entrySet()) {
            if (flag.getValue() == null) {
                flags.remove(flag.getKey());
            } else {
                flags.put(flag.getKey(), flag.getValue());
            }
        }
        List<String> args = new ArrayList<>(List.of("release"));
        flags.forEach((flag, value) -> {
            args.add(flag);
            args.add(flag.equals("--epsilon") || flag.equals("--delta") || flag.equals("--radius") ? value
                    : resolve(flag, value));
        });
        Map<Path, byte[]> before = snapshot();

        Cli cli = Cli.run(args.toArray(String[]::new));

        assertThat(cli.exit()).as(cli.toString()).isNotZero();
        assertThat(cli.errLines()).as(cli.toString()).hasSize(1);
        String line = cli.errLines().get(0);
        assertThat(line).as(cli.toString()).startsWith("mdp: error: ");
        int at = 0;
        for (String part : c.fragment().split(" ~ ")) {
            int found = line.indexOf(part, at);
            assertThat(found).as("'%s' in order in: %s", part, line).isGreaterThanOrEqualTo(0);
            at = found + part.length();
        }
        assertThat(line.length()).as("a summarised message").isLessThan(4000);
        assertThat(cli.err()).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(cli.out()).doesNotContain("NaN");
        boolean nanInInput = new String(c.data(), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT).contains("nan")
                || c.flags().values().stream().anyMatch(v -> v != null && v.toLowerCase(Locale.ROOT).contains("nan"))
                || c.setup().values().stream().anyMatch(v -> v.contains("NaN"));
        if (!nanInInput) {
            assertThat(line).doesNotContain("NaN");
        }
        Map<Path, byte[]> after = snapshot();
        for (Map.Entry<Path, byte[]> file : before.entrySet()) {
            assertThat(after).as("%s still exists", file.getKey()).containsKey(file.getKey());
            assertThat(after.get(file.getKey())).as("%s unchanged", file.getKey()).isEqualTo(file.getValue());
        }
        Set<Path> created = new HashSet<>(after.keySet());
        created.removeAll(before.keySet());
        created.removeIf(p -> p.getFileName().toString().endsWith(".lock"));
        assertThat(created).as("files created by a failed release").isEmpty();
    }

    /** File options name files in the test's folder (the command runs in another working directory). */
    private String resolve(String flag, String value) {
        return Set.of("--input", "--out", "--diagnostics", "--ledger").contains(flag) ? folder.resolve(value)
                .toString() : value;
    }

    private Map<Path, byte[]> snapshot() throws IOException {
        Map<Path, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                files.put(folder.relativize(p), Files.readAllBytes(p));
            }
        }
        return files;
    }
}
