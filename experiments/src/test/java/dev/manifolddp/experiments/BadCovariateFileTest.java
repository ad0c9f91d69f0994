package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.manifolddp.estimators.CovariateRange;
import dev.manifolddp.experiments.data.CovariateColumn;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile id and covariate columns and declarations: each must fail with an IllegalArgumentException whose message
 * names the row or column (or the declaration) and says what to fix. Nothing is clipped, dropped or read as NaN.
 */
class BadCovariateFileTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");
    private static final String HEADER = "id,age,x,y,z\n";
    private static final String ROW1 = "a1,20,0,0,1\n";
    private static final String ROW3 = "a3,40,1,0,0\n";

    @TempDir
    Path folder;

    /**
     * One hostile input.
     *
     * @param label    what is wrong, the test's display name
     * @param action   reads or declares, given the test's folder; must throw
     * @param expected fragments the message must hold
     */
    record Case(String label, Function<Path, Object> action, List<String> expected) {

        @Override
        public String toString() {
            return label;
        }
    }

    private static Case read(String label, String text, Supplier<PointFile.Columns> roles, String... expected) {
        return new Case(label, folder -> {
            Path file = folder.resolve("data.csv");
            try {
                Files.writeString(file, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return PointFile.read(file, SPHERE, roles.get());
        }, List.of(expected));
    }

    /** The standard file with line 3 replaced by {@code row}, read with id {@code id} and covariate age in [18, 60]. */
    private static Case row(String label, String row, String... expected) {
        return read(label, HEADER + ROW1 + row + "\n" + ROW3, () -> ageIn(18, 60), expected);
    }

    private static PointFile.Columns ageIn(double low, double high) {
        return PointFile.Columns.ALL.withId("id").withCovariate(CovariateColumn.of("age", low, high));
    }

    private static Case declare(String label, Supplier<Object> declaration, String... expected) {
        return new Case(label, folder -> declaration.get(), List.of(expected));
    }

    private static Case roles(String label, Supplier<PointFile.Columns> roles, String... expected) {
        return read(label, "id,rat,age,sex,x,y,z\na,r,20,1,0,0,1\n", roles, expected);
    }

    private static PointFile.Columns named(String id, String subject, List<CovariateColumn> covariates,
            String... coordinates) {
        return new PointFile.Columns(id, subject, covariates, List.of(coordinates));
    }

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        String fix = "fill in the value";
        String finite = "not a finite number (missing or infinite values are not accepted: remove the record or fill";
        // covariate values
        cases.add(row("missing covariate", "a2,,0,1,0", "line 3, column 2 is empty", fix));
        cases.add(row("NaN covariate", "a2,NaN,0,1,0", "line 3: covariate column 2 (age) is 'NaN', " + finite));
        cases.add(row("lower-case nan", "a2,nan,0,1,0", "line 3: covariate column 2 (age) is 'nan'", finite));
        cases.add(row("signed NaN", "a2,-NaN,0,1,0", "covariate column 2 (age) is '-NaN'", finite));
        cases.add(row("Infinity", "a2,Infinity,0,1,0", "line 3: covariate column 2 (age) is 'Infinity'", finite));
        cases.add(row("-Infinity", "a2,-Infinity,0,1,0", "line 3: covariate column 2 (age) is '-Infinity'", finite));
        cases.add(row("inf", "a2,inf,0,1,0", "line 3: covariate column 2 (age) is 'inf'", finite));
        cases.add(row("NA text", "a2,NA,0,1,0", "line 3: covariate column 2 (age) is not a number",
                "a decimal such as -0.25", "Provided value: 'NA'"));
        cases.add(row("word", "a2,twenty,0,1,0", "line 3: covariate column 2 (age) is not a number",
                "Provided value: 'twenty'"));
        cases.add(row("number with unit", "a2,20 years,0,1,0", "line 3: covariate column 2 (age) is not a number",
                "Provided value: '20 years'"));
        cases.add(row("beyond a double", "a2,1e400,0,1,0", "line 3: covariate column 2 (age) is too large for a "
                + "double", "Provided value: '1e400'"));
        cases.add(row("hexadecimal", "a2,0x1p4,0,1,0", "line 3: covariate column 2 (age) is written in hexadecimal",
                "write it as a decimal number"));
        cases.add(row("type suffix", "a2,20d,0,1,0", "line 3: covariate column 2 (age) is not a number",
                "Provided value: '20d'"));
        cases.add(row("decimal comma", "a2,20,5,0,1,0", "line 3 has 6 fields but the header has 5",
                "every row needs the same columns"));
        cases.add(read("missing covariate, white space", "id age x y z\na1 20 0 0 1\na2 0 1 0\n",
                () -> ageIn(18, 60), "line 3 has 4 fields but the header has 5"));
        cases.add(read("covariate is a comment", HEADER + "a1,#20,0,0,1\n", () -> ageIn(18, 60),
                "line 2, column 2 holds a '#' comment", "must be a line of its own"));
        // public ranges
        String refused = "outside the declared public range (refused, never clipped or dropped)";
        String wider = "correct or remove those records, or declare a wider range (fixed before seeing the data";
        cases.add(row("above the range", "a2,61,0,1,0", "1 covariate value lies " + refused,
                "line 3, column 2 (age) = 61 not in [18.0, 60.0]", wider));
        cases.add(row("just above the range", "a2,60.000001,0,1,0", "line 3, column 2 (age) = 60.000001 not in "
                + "[18.0, 60.0]"));
        cases.add(row("below the range", "a2,17.999,0,1,0", "line 3, column 2 (age) = 17.999 not in [18.0, 60.0]",
                wider));
        cases.add(row("negative", "a2,-20,0,1,0", "line 3, column 2 (age) = -20 not in [18.0, 60.0]"));
        StringBuilder old = new StringBuilder(HEADER);
        for (int i = 0; i < 12; i++) {
            old.append("b").append(i).append(",").append(70 + i).append(",0,0,1\n");
        }
        cases.add(read("twelve rows above the range", old.toString(), () -> ageIn(18, 60), "12 covariate values "
                + "lie " + refused, "line 2, column 2 (age) = 70 not in", "line 11, column 2 (age) = 79", "; ...;"));
        cases.add(read("second covariate above its range", "id,age,sex,x,y,z\na,20,3,0,0,1\n",
                () -> ageIn(18, 60).withCovariate(CovariateColumn.of("sex", 1, 2)),
                "line 2, column 3 (sex) = 3 not in [1.0, 2.0]"));
        cases.add(read("second covariate NaN", "id,age,sex,x,y,z\na,20,NaN,0,0,1\n",
                () -> ageIn(18, 60).withCovariate(CovariateColumn.of("sex")),
                "line 2: covariate column 3 (sex) is 'NaN'"));
        // ids
        String ownId = "every record needs its own id: correct the id or remove the duplicate record";
        cases.add(row("duplicate id", "a1,30,0,1,0", "line 3: column 1 (id), the id column, repeats the id 'a1' "
                + "of line 2", ownId));
        cases.add(read("duplicate id further down", HEADER + ROW1 + "a2,30,0,1,0\n" + ROW3 + "a2,50,0,0,1\n",
                () -> ageIn(18, 60), "line 5: column 1 (id), the id column, repeats the id 'a2' of line 3", ownId));
        cases.add(read("duplicate numeric id", "id,age,x,y,z\n7,20,0,0,1\n7,30,0,1,0\n", () -> ageIn(18, 60),
                "repeats the id '7' of line 2"));
        cases.add(row("empty id", ",30,0,1,0", "line 3, column 1 is empty (a leading separator)", fix));
        cases.add(row("blank id", "  ,30,0,1,0", "line 3, column 1 is empty", fix));
        cases.add(read("empty id, tabs", "id\tage\tx\ty\tz\na\t20\t0\t0\t1\n\t30\t0\t1\t0\n", () -> ageIn(18, 60),
                "line 3, column 1 is empty", "remove the extra tab separator or fill in the value"));
        cases.add(read("trailing tab after the last coordinate", "id\tage\tx\ty\tz\na\t20\t0\t0\t1\t\n",
                () -> ageIn(18, 60), "line 2, column 6 is empty (a trailing separator)", "remove the extra tab"));
        // range declarations
        cases.add(declare("reversed range", () -> CovariateColumn.of("age", 150, 7), "the range of covariate "
                + "column 'age' is reversed", "write it as LO,HI with LO < HI", "Provided value: [150.0, 7.0]"));
        cases.add(declare("single-value range", () -> CovariateColumn.of("age", 7, 7), "covariate column 'age' is "
                + "a single value", "needs LO < HI"));
        cases.add(declare("NaN bound", () -> CovariateColumn.of("age", Double.NaN, 7), "covariate column 'age' "
                + "needs two finite bounds", "Provided value: [NaN, 7.0]"));
        cases.add(declare("infinite high bound", () -> CovariateColumn.of("age", 0, Double.POSITIVE_INFINITY),
                "covariate column 'age' needs two finite bounds", "[0.0, Infinity]"));
        cases.add(declare("infinite low bound", () -> CovariateColumn.of("age", Double.NEGATIVE_INFINITY, 0),
                "covariate column 'age' needs two finite bounds"));
        cases.add(declare("overflowing width", () -> CovariateColumn.of("age", -1e308, 1e308), "covariate column "
                + "'age' is wider than a double can hold", "declare a narrower public range"));
        String flag = "--covariate-range (covariate column 'age')";
        cases.add(declare("reversed range text", () -> CovariateColumn.parse("age", "150,7", "--covariate-range"),
                "--covariate-range: the range of covariate column 'age' is reversed"));
        cases.add(declare("one number", () -> CovariateColumn.parse("age", "7", "--covariate-range"),
                flag + " needs two numbers LO,HI", "but 1 were given", "Provided value: '7'"));
        cases.add(declare("three numbers", () -> CovariateColumn.parse("age", "1,2,3", "--covariate-range"),
                flag + " needs two numbers LO,HI", "but 3 were given"));
        cases.add(declare("NaN in text", () -> CovariateColumn.parse("age", "7,NaN", "--covariate-range"),
                flag + " needs two finite decimal numbers LO,HI", "Provided value: '7,NaN'"));
        cases.add(declare("inf in text", () -> CovariateColumn.parse("age", "-inf,7", "--covariate-range"),
                flag + " needs two finite decimal numbers LO,HI"));
        cases.add(declare("words", () -> CovariateColumn.parse("age", "young,old", "--covariate-range"),
                flag + " needs two finite decimal numbers LO,HI", "(e.g. 18,49)"));
        cases.add(declare("empty text", () -> CovariateColumn.parse("age", " ", "--covariate-range"),
                flag + " is missing: give the public range as LO,HI"));
        cases.add(declare("empty bound", () -> CovariateColumn.parse("age", "7,", "--covariate-range"),
                flag + " needs two finite decimal numbers"));
        cases.add(declare("no column name", () -> CovariateColumn.of(" "), "a covariate column needs a header name",
                "Provided value: ' '"));
        cases.add(declare("range from the data", () -> new CovariateColumn("age", new CovariateRange(1, 2, false)),
                "covariate column 'age': the range [1.0, 2.0] was read from the data, so it is not public",
                "declare the range before seeing the data"));
        cases.add(declare("ids not one per point", () -> new PointFile.Points(new double[2][], new int[2],
                new String[1], null, Map.of(), null), "ids: 1 values for 2 points; give exactly one per point"));
        cases.add(declare("covariates not one per point", () -> new PointFile.Points(new double[2][], new int[2],
                null, null, Map.of("age", new double[3]), null), "covariate age: 3 values for 2 points"));
        cases.add(declare("null covariate", () -> PointFile.Columns.ALL.withCovariate(null),
                "covariate column 1 of 1 is missing (null); name every covariate column"));
        cases.add(declare("null coordinate", () -> PointFile.Columns.ALL.withCoordinates(Arrays.asList("x", null)),
                "coordinate column 2 of 2 is missing (null)"));
        // column roles
        String oneRole = "give each column one role";
        CovariateColumn age = CovariateColumn.of("age");
        cases.add(roles("covariate named twice", () -> named("id", null, List.of(age, CovariateColumn.of("age", 1,
                2)), "x", "y", "z"), "'age' is named twice as a covariate column", "name each column once"));
        cases.add(roles("covariate also a coordinate", () -> named("id", null, List.of(age), "age", "y", "z"),
                "a covariate column 'age' cannot also be a coordinate column", oneRole));
        cases.add(roles("id also a covariate", () -> named("id", null, List.of(CovariateColumn.of("id")), "x",
                "y", "z"), "the id column 'id' cannot also be a covariate column", oneRole));
        cases.add(roles("id also the subject", () -> named("id", "id", List.of(), "x", "y", "z"),
                "the id column 'id' cannot also be the subject column", oneRole));
        cases.add(roles("id also a coordinate", () -> named("x", null, List.of(), "x", "y", "z"),
                "the id column 'x' cannot also be a coordinate column", oneRole));
        cases.add(roles("subject also a covariate", () -> named(null, "rat", List.of(CovariateColumn.of("rat")),
                "x", "y", "z"), "the subject column 'rat' cannot also be a covariate column", oneRole));
        cases.add(roles("coordinate named twice", () -> named(null, null, List.of(), "x", "x", "z"),
                "'x' is named twice as a coordinate column"));
        cases.add(roles("unknown covariate", () -> named("id", null, List.of(CovariateColumn.of("agee")), "x", "y",
                "z"), "no covariate column named 'agee'; the header has 'id','rat','age','sex','x',..."));
        cases.add(roles("covariate in the wrong case", () -> named("id", null, List.of(CovariateColumn.of("Age")),
                "x", "y", "z"), "no covariate column named 'Age'"));
        cases.add(roles("unknown id", () -> named("shape_id", null, List.of(age), "x", "y", "z"),
                "no id column named 'shape_id'"));
        cases.add(roles("unknown coordinate", () -> named("id", null, List.of(age), "x", "y", "w"),
                "no column named 'w'"));
        cases.add(roles("other columns left as coordinates", () -> PointFile.Columns.ALL.withId("id")
                .withCovariate(age), "a vector in R^3 point needs 3 numbers (x0,x1,x2), but the header has 5 "
                + "columns besides the id and the covariate; name the point columns to leave the others out"));
        cases.add(read("id named in a file without a header", "1,20,0,0,1\n", () -> ageIn(18, 60),
                "has no header row, so its columns cannot be found by name (id column 'id')",
                "add a first row of column names"));
        cases.add(read("covariate named in a file without a header", "20,0,0,1\n",
                () -> PointFile.Columns.ALL.withCovariate(age), "(covariate column 'age')"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusedNamingTheRowOrColumnAndTheFix(Case hostile) {
        Throwable thrown = catchThrowable(() -> hostile.action().apply(folder));
        assertThat(thrown).as(hostile.label()).isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage()).as(hostile.label()).contains(hostile.expected());
    }

    @Test
    void thereAreAtLeastFortyHostileCases() {
        assertThat(cases().count()).isGreaterThanOrEqualTo(40);
    }
}
