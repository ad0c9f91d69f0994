package dev.manifolddp.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.data.ArrayRecords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line run in process with records handed over in memory: the same release as from a file of the same
 * numbers (but the input's name), the same ledger account, and refusals as one-line messages.
 */
class PythonBridgeTest {

    /** Six points of S^2 near the north pole, row after row. */
    private static final double[] POINTS = {0, 0, 1, 0.1, 0, 0.99498743710662, 0, 0.1, 0.99498743710662,
        -0.1, 0, 0.99498743710662, 0, -0.1, 0.99498743710662, 0.05, 0.05, 0.99749686716300};

    @TempDir
    Path folder;

    private String[] release(String input, String out, String... extra) {
        List<String> args = new ArrayList<>(List.of("release", "--geometry", "sphere:d=2", "--mechanism",
                "riemannian-laplace", "--epsilon", "1", "--center", "0,0,1", "--radius", "0.3", "--input", input,
                "--out", folder.resolve(out).toString(), "--ledger", folder.resolve("ledger.json").toString()));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    private Path csv() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < POINTS.length; i += 3) {
            text.append(POINTS[i]).append(',').append(POINTS[i + 1]).append(',').append(POINTS[i + 2]).append('\n');
        }
        return Files.writeString(folder.resolve("points.csv"), text);
    }

    private static String withoutFile(String json) {
        return json.lines().filter(line -> !line.strip().startsWith("\"file\" :")).collect(Collectors.joining("\n"));
    }

    @Test
    void aSeededArrayReleaseIsTheFilesReleaseButForTheInputsName() throws IOException {
        ArrayRecords records = new ArrayRecords("array:numpy", POINTS, 6, 3, Map.of());
        PythonBridge.Result fromArray = PythonBridge.run(release("array:numpy", "a.json", "--seed", "3"), records);
        PythonBridge.Result fromFile = PythonBridge.run(release(csv().toString(), "f.json", "--seed", "3"));
        assertThat(fromArray.status()).as(fromArray.err()).isZero();
        assertThat(fromFile.status()).as(fromFile.err()).isZero();
        String array = Files.readString(folder.resolve("a.json"));
        String file = Files.readString(folder.resolve("f.json"));
        assertThat(array).contains("\"file\" : \"array:numpy\"").isNotEqualTo(file);
        assertThat(withoutFile(array)).isEqualTo(withoutFile(file));
        assertThat(fromArray.out()).contains("records       6 from array:numpy");
        // one account: the array and the file hold the same numbers
        String ledger = Files.readString(folder.resolve("ledger.json"));
        assertThat(ledger.split("\"content:", -1)).hasSize(2);
        assertThat(ledger.split("\"time\" :", -1)).hasSize(3);  // both releases, in that one account
    }

    @Test
    void anArrayNameWithoutItsRecordsIsRefusedBeforeAnythingIsWritten() {
        PythonBridge.Result typed = PythonBridge.run(release("array:numpy", "r.json"));
        assertThat(typed.status()).isEqualTo(Mdp.FAILURE);
        assertThat(typed.err().lines().toList()).singleElement().asString()
                .startsWith("mdp: error: --input array:numpy: no such array was handed over");
        PythonBridge.Result other = PythonBridge.run(release("array:other", "r.json"),
                new ArrayRecords("array:numpy", POINTS, 6, 3, Map.of()));
        assertThat(other.err()).contains("--input array:other: no such array was handed over");
        assertThat(folder.resolve("r.json")).doesNotExist();
        assertThat(folder.resolve("ledger.json")).doesNotExist();
    }

    @Test
    void aSelectionOfAnArrayIsRefused() {
        PythonBridge.Result selected = PythonBridge.run(release("array:numpy", "r.json", "--where", "g=a",
                "--public-columns", "g"), new ArrayRecords("array:numpy", POINTS, 6, 3, Map.of()));
        assertThat(selected.status()).isEqualTo(Mdp.FAILURE);
        assertThat(selected.err()).contains("--where selects rows by a CSV column; records handed over as "
                + "array:numpy have none");
    }

    @Test
    void theRecordsAreForgottenAfterTheCall() {
        ArrayRecords records = new ArrayRecords("array:numpy", POINTS, 6, 3, Map.of());
        assertThat(PythonBridge.run(release("array:numpy", "a.json", "--seed", "1"), records).status()).isZero();
        assertThat(PythonBridge.run(release("array:numpy", "b.json", "--seed", "1")).err())
                .contains("no such array was handed over");
    }
}
