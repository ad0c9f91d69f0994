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
}
