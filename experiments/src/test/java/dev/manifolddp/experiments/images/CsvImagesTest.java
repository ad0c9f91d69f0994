package dev.manifolddp.experiments.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvImagesTest {

    private static final String HEADER = "label,train_index,p0,p1,p2,p3,p4,p5,p6,p7,p8";

    @TempDir
    Path folder;

    private Path gzip(String text) throws IOException {
        Path file = folder.resolve("images.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    @Test
    void keepsTheLabelsImagesScaledBy255WithTheirLines() throws IOException {
        Path file = gzip(HEADER + "\n3,0,0,255,51,0,0,0,0,0,0\n1,1,9,9,9,9,9,9,9,9,9\n3,2,255,0,0,0,0,0,0,0,102\n");
        ImageSet set = CsvImages.read(file, 3, "dataset:test");
        assertThat(set.size()).isEqualTo(2);
        assertThat(set.height()).isEqualTo(3);
        assertThat(set.width()).isEqualTo(3);
        assertThat(set.channels()).isEqualTo(1);
        assertThat(set.origins()).containsExactly(2, 4);
        assertThat(set.images()[0]).containsExactly(0, 1, 0.2, 0, 0, 0, 0, 0, 0);
        assertThat(set.images()[1][8]).isEqualTo(0.4);
        assertThat(set.source()).contains("2 images (3 x 3, grey) of label 3 of dataset:test");
    }

    @Test
    void refusesBadLinesByNumberEvenOfOtherLabels() throws IOException {
        String good = "3,0,0,0,0,0,0,0,0,0,0\n";
        assertThatThrownBy(() -> CsvImages.read(gzip(HEADER + "\n" + good + "1,1,0,0,0,0,0,0,0,0\n"), 3, "s"))
                .hasMessageContaining("line 3").hasMessageContaining("wrong number of fields")
                .hasMessageContaining("Provided value: 10 fields");
        assertThatThrownBy(() -> CsvImages.read(gzip(HEADER + "\n" + good + "1,1,0,0,0,0,0,0,0,0,0,0\n"), 3, "s"))
                .hasMessageContaining("line 3").hasMessageContaining("wrong number of fields");
        assertThatThrownBy(() -> CsvImages.read(gzip(HEADER + "\n" + good + "1,1,0,0,0.5,0,0,0,0,0,0\n"), 3, "s"))
                .hasMessageContaining("line 3, pixel p2: expected an integer").hasMessageContaining("'0.5'");
        assertThatThrownBy(() -> CsvImages.read(gzip(HEADER + "\n" + good + "1,1,0,0,0,0,0,0,0,0,256\n"), 3, "s"))
                .hasMessageContaining("line 3, pixel p8").hasMessageContaining("0..255")
                .hasMessageContaining("Provided value: 256");
        assertThatThrownBy(() -> CsvImages.read(gzip(HEADER + "\n" + good + "1,1,0,-1,0,0,0,0,0,0,0\n"), 3, "s"))
                .hasMessageContaining("line 3, pixel p1").hasMessageContaining("Provided value: -1");
        assertThatThrownBy(() -> CsvImages.read(gzip(HEADER + "\n" + good + "x,1,0,0,0,0,0,0,0,0,0\n"), 3, "s"))
                .hasMessageContaining("line 3, label: expected an integer");
        assertThatThrownBy(() -> CsvImages.read(gzip(HEADER + "\n" + good + "\n"), 3, "s"))
                .hasMessageContaining("line 3");
    }

    @Test
    void namesTheLabelsPresentWhenNoneMatches() throws IOException {
        Path file = gzip(HEADER + "\n0,0,0,0,0,0,0,0,0,0,0\n2,1,0,0,0,0,0,0,0,0,0\n");
        assertThatThrownBy(() -> CsvImages.read(file, 7, "dataset:test"))
                .hasMessageContaining("no image of label 7").hasMessageContaining("[0, 2]")
                .hasMessageContaining("Provided value: 7");
    }

    @Test
    void refusesAHeaderThatIsNotASquareImage() throws IOException {
        assertThatThrownBy(() -> CsvImages.read(gzip("label,train_index,p0,p1,p2\n1,0,0,0,0\n"), 1, "s"))
                .hasMessageContaining("line 1").hasMessageContaining("square");
        assertThatThrownBy(() -> CsvImages.read(gzip("label,index,p0\n1,0,0\n"), 1, "s"))
                .hasMessageContaining("line 1");
        assertThatThrownBy(() -> CsvImages.read(gzip(""), 1, "s")).hasMessageContaining("empty");
    }

    @Test
    void readsAPlainCsvToo() throws IOException {
        Path file = folder.resolve("plain.csv");
        Files.writeString(file, HEADER + "\n5,0,0,0,0,0,255,0,0,0,0\n");
        assertThat(CsvImages.read(file, 5, "plain").images()[0][4]).isEqualTo(1.0);
    }
}
