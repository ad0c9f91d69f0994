package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Discovery of the built-in mechanisms through ServiceLoader, and configuration errors. */
class MechanismsTest {

    private static final List<String> NAMES = List.of("euclidean-laplace", "extrinsic-gaussian", "kng",
            "landmark-laplace", "riemannian-laplace", "tangent-gaussian", "two-step-regression");

    @Test
    void everyBuiltInMechanismIsDiscovered() {
        assertThat(Mechanisms.providers()).extracting(MechanismProvider::name).containsExactlyElementsOf(NAMES);
        for (MechanismProvider provider : Mechanisms.providers()) {
            assertThat(provider.description()).isNotBlank();
            assertThat(provider.parameters()).extracting(ParameterSpec::name).contains("sigma-rule", "non-private");
            assertThat(provider.parameters()).allMatch(spec -> !spec.isRequired());
            assertThat(provider.create(Map.of()).name()).isEqualTo(provider.name());
        }
    }

    @Test
    void parametersReachTheBuilders() {
        KNormGradient kng = (KNormGradient) Mechanisms.parse("kng:burn-in=2000,thin=1,step=0.25,proposal="
                + "ambient-direction,chains=3,sigma-rule=paper");
        assertThat(kng.mcmc()).isEqualTo(new McmcSettings(2000, 1, 0.25, ProposalKind.AMBIENT_DIRECTION, 3));
        assertThat(kng.sigmaRule()).isEqualTo(SigmaRule.PAPER);
        assertThat(KNormGradient.builder().build().mcmc())
                .isEqualTo(new McmcSettings(20_000, 600, 0.5, ProposalKind.TANGENT_GAUSSIAN, 1));
        RiemannianLaplace laplace = (RiemannianLaplace) Mechanisms.create("riemannian-laplace",
                Map.of("sampler", "mcmc", "proposal", "chart-random-walk", "burn-in", "50000"));
        assertThat(laplace.sampler()).isEqualTo(RiemannianLaplace.Sampler.MCMC);
        assertThat(laplace.mcmc().burnIn()).isEqualTo(50_000);
        assertThat(laplace.mcmc().proposal()).isEqualTo(ProposalKind.CHART_RANDOM_WALK);
        TangentGaussian tangent = (TangentGaussian) Mechanisms.create("tangent-gaussian",
                Map.of("calibration", "classical"));
        assertThat(tangent.calibration()).isEqualTo(GaussianCalibration.Method.CLASSICAL);
        ExtrinsicGaussian extrinsic = (ExtrinsicGaussian) Mechanisms.parse("extrinsic-gaussian:project=true");
        assertThat(extrinsic.project()).isTrue();
        assertThat(extrinsic.calibration()).isEqualTo(GaussianCalibration.Method.ANALYTIC);
        EuclideanLaplace euclidean = (EuclideanLaplace) Mechanisms.parse("euclidean-laplace:sigma-rule=scaled:2");
        assertThat(euclidean.sigmaRule()).isEqualTo(new SigmaRule.Scaled(2));
        LandmarkLaplace landmark = (LandmarkLaplace) Mechanisms.parse("landmark-laplace:align=false");
        assertThat(landmark.align()).isFalse();
    }

    @Test
    void unknownNamesAndParametersListWhatIsAccepted() {
        assertThatThrownBy(() -> Mechanisms.create("gaussian", Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown mechanism 'gaussian'")
                .hasMessageContaining(String.join(", ", NAMES));
        assertThatThrownBy(() -> Mechanisms.create("kng", Map.of("burnin", "5")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has no parameter 'burnin'")
                .hasMessageContaining("burn-in (default 20000)").hasMessageContaining("sigma-rule (default proven)");
        assertThatThrownBy(() -> Mechanisms.create("tangent-gaussian", Map.of("project", "true")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("calibration (default analytic)");
    }

    @Test
    void badValuesAreRefusedWithTheProvidedValue() {
        assertThatThrownBy(() -> Mechanisms.parse("kng:step=0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'step'").hasMessageEndingWith("Provided value: 0");
        assertThatThrownBy(() -> Mechanisms.parse("kng:burn-in=-5")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("Provided value: -5");
        assertThatThrownBy(() -> Mechanisms.parse("euclidean-laplace:project=maybe"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: maybe");
        assertThatThrownBy(() -> Mechanisms.parse("tangent-gaussian:calibration=exact"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: exact");
        assertThatThrownBy(() -> Mechanisms.parse("riemannian-laplace:sampler=gibbs"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("auto, exact, mcmc")
                .hasMessageEndingWith("Provided value: gibbs");
        assertThatThrownBy(() -> Mechanisms.parse("kng:sigma-rule=double"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: double");
        assertThatThrownBy(() -> Mechanisms.parse("landmark-laplace:align-to=median"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("center, mean")
                .hasMessageEndingWith("Provided value: median");
        assertThatThrownBy(() -> Mechanisms.parse("kng:thin")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key=value");
    }

    @Test
    void duplicateNamesAreAnError() {
        assertThatThrownBy(() -> dev.manifolddp.spi.Registry.of(MechanismProvider.KIND, List.of(new KNormGradientProvider(),
                new KNormGradientProvider()))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two mechanism providers claim the name 'kng'");
    }
}
