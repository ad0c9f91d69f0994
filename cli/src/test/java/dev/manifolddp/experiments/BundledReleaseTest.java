package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.experiments.data.DatasetFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code mdp release} on every bundled CSV file, run exactly as its README's "Release example" says (in-process, with
 * the secure random source, so an mcmc release without {@code --allow-mcmc} would be refused as for a user), and the
 * refusal without {@code --columns}, whose message must list the header's columns. The images (mnist,
 * fashion-mnist, images-cc0) are released through their covariance descriptors and are not here.
 */
class BundledReleaseTest {

    /** Each bundled CSV set, its point length per example, and the first header columns a refusal must name. */
    private static final Map<String, String> EXTRA_COLUMNS = Map.of("rats", "shape_id,rat,age_days,x1",
            "apes", "shape_id,group,x1", "cortical", "shape_id,age,group,sex,x1", "digit3", "shape_id,x1",
            "dti-tensors", "i,j,k,S0,Dxx,Dxy,Dxz,Dyy,Dyz,Dzz,MD,FA", "fiji-quakes",
            "event_id,lat,long,depth,mag,stations,x,y,z", "world-cities",
            "city_id,city,country_iso3,lat_deg,lng_deg,population,x,y,z");

    @TempDir
    Path folder;

    static Stream<Arguments> examples() throws IOException {
        List<Arguments> all = new ArrayList<>();
        for (String name : EXTRA_COLUMNS.keySet().stream().sorted().toList()) {
            List<String> commands = releaseExamples(name);
            assertThat(commands).as("the Release example of datasets/%s/README.md", name).isNotEmpty();
            for (String command : commands) {
                all.add(Arguments.of(name, command));
            }
        }
        assertThat(all).hasSizeGreaterThanOrEqualTo(8);
        return all.stream();
    }

    /** The {@code ./mdp release} lines after "Release example" in the dataset's README. */
    static List<String> releaseExamples(String name) throws IOException {
        Path readme = DatasetFiles.resolve("--input", "dataset:" + name, List.of()).resolveSibling("README.md");
        String text = Files.readString(readme);
        int start = text.indexOf("**Release example:**");
        assertThat(start).as(readme.toString()).isNotNegative();
        return text.substring(start).lines().map(String::strip).filter(line -> line.startsWith("./mdp release "))
                .toList();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("examples")
    void theReadmeExampleWritesARelease(String name, String command) throws IOException {
        Path out = folder.resolve("release.json");
        Cli cli = run(command, out);
        assertThat(cli.exit()).as(cli.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        String geometry = argument(command, "--geometry");
        int length = geometry.startsWith("spd") ? 9 : geometry.startsWith("sphere") ? 3
                : 2 * Integer.parseInt(geometry.substring(geometry.indexOf('=') + 1));
        assertThat(json.get("value")).as(cli.toString()).hasSize(length);
        assertThat(json.get("onManifold").asBoolean()).as(cli.toString()).isTrue();
        assertThat(json.get("budget").get("epsilon").asDouble()).isEqualTo(Double.parseDouble(argument(command,
                "--epsilon")));
        if (command.contains("--subject-column")) {
            assertThat(json.toString()).contains("one subject (up to 8 records)");
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("examples")
    void withoutColumnsTheRefusalListsTheHeader(String name, String command) {
        String without = command.replaceAll(" --columns \\S+", "");
        Path out = folder.resolve("release.json");
        Cli cli = run(without, out);
        assertThat(cli.exit()).as(cli.toString()).isEqualTo(1);
        assertThat(cli.err()).as(cli.toString()).contains("the header has").contains(EXTRA_COLUMNS.get(name))
                .contains("name the point columns");
        assertThat(out).doesNotExist();
    }

    private Cli run(String command, Path out) {
        List<String> args = new ArrayList<>(Arrays.asList(command.substring("./mdp ".length()).split("\\s+")));
        args.addAll(List.of("--out", out.toString(), "--ledger", folder.resolve("ledger.json").toString()));
        return Cli.run(args.toArray(String[]::new));
    }

    private static String argument(String command, String flag) {
        List<String> words = Arrays.asList(command.split("\\s+"));
        return words.get(words.indexOf(flag) + 1);
    }
}
