package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ledger's default dataset identity (docs/accounting.md): the canonical content digest ignores row order, named
 * column order and number spelling, and changes with any value, row or column name.
 */
class CanonicalContentTest {

    @TempDir
    Path folder;

    private String digest(String name, String text) throws IOException {
        Path file = folder.resolve(name);
        Files.writeString(file, text);
        Geometry sphere = Geometries.parse("sphere:d=2");
        return PointFile.read(file, sphere, new PointFile.Columns(null, java.util.List.of("x", "y", "z")))
                .contentSha256();
    }

    @Test
    void orderAndSpellingDoNotMatterButContentDoes() throws IOException {
        String base = digest("a.csv", "id,x,y,z\na,0,0,1\nb,0.6,0,0.8\nc,0,0.6,0.8\n");
        assertThat(base).matches("[0-9a-f]{64}");
        assertThat(digest("rows.csv", "id,x,y,z\nc,0,0.6,0.8\na,0,0,1\nb,0.6,0,0.8\n")).isEqualTo(base);
        assertThat(digest("columns.csv", "z,y,x,id\n1,0,0,a\n0.8,0,0.6,b\n0.8,0.6,0,c\n")).isEqualTo(base);
        assertThat(digest("spelling.csv", "id,x,y,z\na,0.0,-0,1e0\nb,6e-1,0,+0.80\nc,0,.6,0.8000\n")).isEqualTo(base);
        assertThat(digest("value.csv", "id,x,y,z\na,0,0,1\nb,0.6,0,0.8\nc,0.6,0,0.8\n")).isNotEqualTo(base);
        assertThat(digest("dropped.csv", "id,x,y,z\na,0,0,1\nb,0.6,0,0.8\n")).isNotEqualTo(base);
        assertThat(digest("duplicated.csv", "id,x,y,z\na,0,0,1\nb,0.6,0,0.8\nc,0,0.6,0.8\nc,0,0.6,0.8\n"))
                .isNotEqualTo(base);
        assertThat(digest("renamed.csv", "name,x,y,z\na,0,0,1\nb,0.6,0,0.8\nc,0,0.6,0.8\n")).isNotEqualTo(base);
        assertThat(digest("text.csv", "id,x,y,z\nA,0,0,1\nb,0.6,0,0.8\nc,0,0.6,0.8\n")).isNotEqualTo(base);
    }

    /**
     * The digest is an account key in existing ledgers, so it never changes: these are the digests the reader gave
     * before fields were parsed once per row for both the points and the digest (main at 176023e): a header, none,
     * white space with spellings the fast number reader passes to parseDouble (25 significant digits, an underflow,
     * -0), and text fields past 400 characters, beyond the doubles and past 2^53.
     */
    @Test
    void theDigestIsTheOneLedgersAlreadyHold() throws IOException {
        assertThat(digest("a.csv", "id,x,y,z\na,0,0,1\nb,0.6,0,0.8\nc,0,0.6,0.8\n"))
                .isEqualTo("2f2e851599bbde5ecc0aaf4ab4d69d6f6cc91bb51162a891e1a6b9ed6fe85563");
        assertThat(PointFile.read(write("plain.csv", "0,0,1\n0.6,0,0.8\n0,0.6,0.8\n"), Geometries.parse("sphere:d=2"))
                .contentSha256()).isEqualTo("a38fb0b8671efd5e55d833bffee6e760179e0ea361fe88f98881ab221f6506f6");
        assertThat(PointFile.read(write("odd.csv", "x y z\n0.171848479338 0.038133571703 0.984385052131\n"
                + "1e-400 0.6 0.8\n-0.0 6e-1 8.00000000000000000000001e-1\n"), Geometries.parse("sphere:d=2"))
                .contentSha256()).isEqualTo("71aa967c3b272e968bf5b387ecc408881898a8f6292dda62c0886524fb553fb6");
        assertThat(digest("long.csv", "id,x,y,z\n" + "1".repeat(401) + ",0,0,1\n1e999,0.6,0,0.8\n"
                + "9007199254740993,0,0.6,0.8\n"))
                .isEqualTo("7b10b530f64ffe5e3460fd3700c22816c121a55dab365cdf6b325dc08cac2f0f");
    }

    private Path write(String name, String text) throws IOException {
        Path file = folder.resolve(name);
        Files.writeString(file, text);
        return file;
    }
}
