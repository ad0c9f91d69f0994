package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetFilesTest {

    @Test
    void aSingleFileDatasetResolvesByItsName() {
        Path file = DatasetFiles.resolve("--input", "dataset:rats", List.of());
        assertThat(file.getFileName()).hasToString("rats.csv");
        assertThat(file.getParent().getParent().getFileName()).hasToString("datasets");
        assertThat(Files.isRegularFile(file)).isTrue();
    }

    @Test
    void aFileOfADatasetResolvesByFolderAndFile() {
        Path file = DatasetFiles.resolve("data.file", "dataset:images-cc0/brick.png", List.of());
        assertThat(file.getFileName()).hasToString("brick.png");
    }

    @Test
    void everyBundledFolderHasAReadmeAndALicence() throws Exception {
        Path root = DatasetFiles.roots(List.of()).get(0);
        try (var folders = Files.list(root)) {
            List<Path> all = folders.filter(Files::isDirectory).toList();
            assertThat(all).hasSizeGreaterThanOrEqualTo(10);
            for (Path folder : all) {
                assertThat(folder.resolve("README.md")).as(folder.toString()).isRegularFile();
                assertThat(folder.resolve("LICENSE")).as(folder.toString()).isRegularFile();
            }
        }
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> DatasetFiles.resolve("--input", "dataset:ratz", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--input").hasMessageContaining("unknown dataset 'ratz'")
                .hasMessageContaining("rats").hasMessageContaining("Provided value: dataset:ratz");
    }

    @Test
    void aFolderWithSeveralFilesNeedsTheFileNamed() {
        assertThatThrownBy(() -> DatasetFiles.resolve("--input", "dataset:images-cc0", List.of()))
                .hasMessageContaining("brick.png").hasMessageContaining("dataset:images-cc0/FILE");
    }

    @Test
    void namesCannotLeaveTheDatasetsFolder() {
        for (String name : List.of("dataset:../pom.xml", "dataset:rats/../../pom.xml", "dataset:/etc/passwd",
                "dataset:", "dataset:a/b/c")) {
            assertThatThrownBy(() -> DatasetFiles.resolve("--input", name, List.of()))
                    .as(name).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value");
        }
    }

    @Test
    void theExplicitPropertyWins(@TempDir Path tmp) throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(folder.resolve("README.md"), "index");
        Files.createDirectories(folder.resolve("toy"));
        Files.writeString(folder.resolve("toy").resolve("toy.csv"), "x,y,z\n0,0,1\n");
        System.setProperty(DatasetFiles.PROPERTY, folder.toString());
        try {
            assertThat(DatasetFiles.resolve("--input", "dataset:toy", List.of()))
                    .isEqualTo(folder.resolve("toy").resolve("toy.csv"));
        } finally {
            System.clearProperty(DatasetFiles.PROPERTY);
        }
    }
}
