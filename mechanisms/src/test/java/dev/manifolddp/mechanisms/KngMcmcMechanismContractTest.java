package dev.manifolddp.mechanisms;

import java.util.List;

/** The mechanism contract for KNG drawn by a short Metropolis-Hastings chain on S^2 (guarantee mcmc). */
class KngMcmcMechanismContractTest extends MechanismContractTest {

    @Override
    protected List<Case> cases() {
        return List.of(Case.of("kng, sampler mcmc (burn-in 50, thin 5), on S^2",
                () -> KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(50).thin(5).build(),
                Fixtures.sphere(), DataBall.declared(Fixtures.northPole(), Fixtures.CAP_RADIUS), 20,
                PrivacyBudget.pure(1)).valuesInTheBall());
    }
}
