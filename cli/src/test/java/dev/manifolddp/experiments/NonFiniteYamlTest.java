package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.manifolddp.experiments.config.ConfigReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YAML's non-finite floats ({@code .nan}, {@code .inf}, {@code -.inf}) are valid YAML: written in place of any number
 * of a shipped configuration, {@code validate} refuses them by the key that holds them, never as "not valid YAML" and
 * never by accepting a non-finite value. The sweep replaces every number of three configurations of different kinds
 * (a generator, a data file, a regression) in turn.
 */
class NonFiniteYamlTest {

    private static final List<String> CONFIGS = List.of("../experiments/configs/quickstart.yaml",
            "../experiments/configs/real-fiji-quakes.yaml", "../experiments/configs/003-fig5-6-sphere.yaml");
    private static final List<String> SPELLINGS = List.of(".nan", "-.inf", ".Inf");

    @TempDir
    Path work;

    /** One number of a configuration: its key path, where its text starts and how long it is. */
    private record NumberAt(String path, int offset, int length) {
    }

    @Test
    void everyNumberOfAShippedConfigurationRefusesYamlNonFiniteValuesByItsKey() throws IOException {
        int tried = 0;
        for (String config : CONFIGS) {
            String yaml = Files.readString(Path.of(config));
            for (NumberAt number : numbers(yaml)) {
                for (String spelling : SPELLINGS) {
                    String mutated = yaml.substring(0, number.offset()) + spelling
                            + yaml.substring(number.offset() + number.length());
                    Path file = Files.writeString(work.resolve(Path.of(config).getFileName()), mutated);
                    Cli cli = Cli.run("validate", file.toString());
                    String what = config + " with " + number.path() + " = " + spelling + "\n" + cli;
                    assertThat(cli.exit()).as(what).isNotZero();
                    assertThat(cli.errLines()).as(what).hasSize(1);
                    assertThat(cli.err()).as(what).doesNotContain("not valid YAML").doesNotContain("Exception")
                            .contains(lastKey(number.path()));
                    tried++;
                }
            }
        }
        assertThat(tried).as("numbers swept").isGreaterThan(40);
    }

    /** Every number scalar of {@code yaml} with its path (as ConfigNode names it) and its place in the text. */
    private static List<NumberAt> numbers(String yaml) throws IOException {
        List<NumberAt> numbers = new ArrayList<>();
        try (JsonParser parser = new YAMLFactory().createParser(yaml)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
                    int offset = (int) parser.currentTokenLocation().getCharOffset();
                    String text = parser.getText();
                    if (yaml.startsWith(text, offset)) {
                        numbers.add(new NumberAt(ConfigReader.path(parser.getParsingContext()), offset,
                                text.length()));
                    }
                }
            }
        }
        return numbers;
    }

    /** The innermost key name of a path ({@code data.center[2]} gives {@code center}). */
    private static String lastKey(String path) {
        String withoutIndex = path.replaceAll("\\[\\d+]", "");
        return withoutIndex.substring(withoutIndex.lastIndexOf('.') + 1);
    }
}
