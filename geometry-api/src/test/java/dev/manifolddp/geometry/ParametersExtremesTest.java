package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, class 4: a parameter's refusal says what is wrong with the value the user typed. An integer too large
 * for its range was reported as "must be an integer" (it is one); every extreme integer and double is now answered
 * or refused with the parameter, the text given and the range.
 */
class ParametersExtremesTest {

    private static final List<ParameterSpec> SPECS = List.of(
            ParameterSpec.optional("proposal-budget", "proposals per draw", "0"),
            ParameterSpec.optional("scale", "a scale", "1"));

    @Test
    void anIntegerBeyondTheRangeIsRefusedWithTheRangeNotAsANonInteger() {
        Parameters parameters = Parameters.check("mechanism 'kng'", SPECS, Map.of("proposal-budget",
                "99999999999999"));
        assertThatThrownBy(() -> parameters.integer("proposal-budget", 0, Integer.MAX_VALUE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'proposal-budget' is an integer outside the range")
                .hasMessageContaining("[0, 2147483647]").hasMessageContaining("Provided value: 99999999999999");
        Parameters words = Parameters.check("mechanism 'kng'", SPECS, Map.of("proposal-budget", "lots"));
        assertThatThrownBy(() -> words.integer("proposal-budget", 0, Integer.MAX_VALUE))
                .hasMessageContaining("must be an integer in [0, 2147483647]").hasMessageContaining("lots");
    }

    @Test
    void everyExtremeIntegerIsReadOrRefusedWithItsRange() {
        for (long value : HostileNumbers.LONGS) {
            String text = String.valueOf(value);
            Parameters parameters = Parameters.check("mechanism 'kng'", SPECS, Map.of("proposal-budget", text));
            Integer read = HostileNumbers.answeredOrRefused("proposal-budget", text,
                    () -> parameters.integer("proposal-budget", 0, Integer.MAX_VALUE));
            if (read != null) {
                assertThat((long) read).isEqualTo(value);
            }
        }
    }

    @Test
    void everyExtremeDoubleIsReadOrRefusedWithItsRange() {
        for (double value : HostileNumbers.DOUBLES) {
            String text = String.valueOf(value);
            Parameters parameters = Parameters.check("geometry 'sphere'", SPECS, Map.of("scale", text));
            HostileNumbers.finiteOrRefused("scale", value, () -> parameters.positiveReal("scale"));
            HostileNumbers.finiteOrRefused("scale", value, () -> parameters.real("scale", 1e-6, 1e6));
        }
    }
}
