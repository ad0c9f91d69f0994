package dev.manifolddp.experiments.config;

/**
 * The optional {@code plot} section. Null fields mean "automatic": the x axis is the first swept axis, and both axes
 * are logarithmic when it is n (errors fall like 1/n, 001 Theorem 3).
 *
 * @param x    the sweep axis on the horizontal axis, or null
 * @param logX a logarithmic horizontal axis, or null
 * @param logY a logarithmic vertical axis, or null
 */
public record PlotConfig(String x, Boolean logX, Boolean logY) {

    public static final PlotConfig AUTOMATIC = new PlotConfig(null, null, null);
}
