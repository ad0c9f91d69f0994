package dev.manifolddp.experiments.config;

import dev.manifolddp.experiments.output.Stat;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The optional {@code plot} section. Null fields mean "automatic": the x axis is the first swept axis, and both axes
 * are logarithmic when it is n (errors fall like 1/n, Soto et al. 2022, Theorem 3).
 *
 * @param x         the sweep axis on the horizontal axis, or null
 * @param logX      a logarithmic horizontal axis, or null
 * @param logY      a logarithmic vertical axis, or null
 * @param statistic what the points show: the mean (default) or the median (robust for wall times)
 * @param band      the error bars: {@code mean +- 2 SE} (default, Soto et al. 2022), {@code +- 2 sd} (Utpala et al. 2023) or none
 * @param grid      also draw every panel of a utility in one PNG, a column per value of the first further swept
 *                  axis (Utpala et al. 2023, Figs. 2-3: a column per class)
 */
public record PlotConfig(String x, Boolean logX, Boolean logY, Statistic statistic, Band band, boolean grid) {

    public static final PlotConfig AUTOMATIC = new PlotConfig(null, null, null, Statistic.MEAN, Band.SE);

    public PlotConfig {
        statistic = statistic == null ? Statistic.MEAN : statistic;
        band = band == null ? Band.SE : band;
    }

    /** Without the grid figure. */
    public PlotConfig(String x, Boolean logX, Boolean logY, Statistic statistic, Band band) {
        this(x, logX, logY, statistic, band, false);
    }

    /** The plotted centre of a group's values. */
    public enum Statistic {
        MEAN, MEDIAN;

        /** The configuration name. */
        public String configName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The plotted centre of {@code stat}: its mean or its median. */
        public double of(Stat stat) {
            return this == MEDIAN ? stat.median() : stat.mean();
        }

        static Statistic parse(String text, String path) {
            return ConfigEnums.parse(values(), text, path, "plot statistic");
        }
    }

    /** The plotted error bars. */
    public enum Band {
        /** {@code +- 2} standard errors of the mean (Soto et al. 2022, Fig. 1). */
        SE,
        /** {@code +- 2} standard deviations of the replicates (Utpala et al. 2023, Fig. 1). */
        SD,
        /** No error bars. */
        NONE;

        /** The configuration name. */
        public String configName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** How the band reads in a legend or a table header. */
        public String describe() {
            return switch (this) {
                case SE -> "+- 2 SE";
                case SD -> "+- 2 sd";
                case NONE -> "no band";
            };
        }

        /** Half the width of the plotted band about {@code stat}'s centre: 2 SE, 2 sd, or 0 (a NaN spread counts as 0). */
        public double halfWidth(Stat stat) {
            double spread = switch (this) {
                case SE -> stat.standardError();
                case SD -> stat.standardDeviation();
                case NONE -> 0;
            };
            return Double.isNaN(spread) ? 0 : 2 * spread;
        }

        static Band parse(String text, String path) {
            return ConfigEnums.parse(values(), text, path, "plot band");
        }
    }

    /** Lower-case configuration names of enum constants. */
    static final class ConfigEnums {
        private ConfigEnums() {
        }

        static <E extends Enum<E>> E parse(E[] values, String text, String path, String what) {
            for (E value : values) {
                if (value.name().toLowerCase(Locale.ROOT).equals(text)) {
                    return value;
                }
            }
            throw new ConfigException(path, String.format("unknown %s; allowed: %s. Provided value: %s", what,
                    Arrays.stream(values).map(v -> v.name().toLowerCase(Locale.ROOT))
                            .collect(Collectors.joining(", ")), text));
        }
    }
}
