package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/**
 * The list of capabilities the contract checks ({@link GeometryContractTest#CAPABILITY_CHECKS}) covers the API: every
 * public interface of the API package is a checked capability or is listed, with the reason, as not one; every listed
 * check is a test that is skipped exactly when its capability is absent. So adding a capability to the API without a
 * check fails here, and a geometry that claims it fails its contract.
 */
class CapabilityCatalogTest {

    /** A stand-in for a capability someone adds to the API and forgets to check. */
    interface ForgottenCapability {
    }

    @Test
    void everyPublicApiInterfaceIsACheckedCapabilityOrListedAsNotOne() {
        List<Class<?>> interfaces = CapabilityCatalog.apiInterfaces();
        assertThat(interfaces).as("the scan finds the API's interfaces").contains(Geometry.class,
                ParallelTransport.class, LogSums.Batch.class, SpectralVolume.class);
        assertThat(CapabilityCatalog.unclassified(interfaces)).as("public API interfaces that are neither in "
                + "GeometryContractTest.CAPABILITY_CHECKS (a capability, with the test that checks it) nor in "
                + "CapabilityCatalog.NOT_CAPABILITIES (with the reason)").isEmpty();
    }

    @Test
    void theListsAreApiInterfacesAndDisjoint() {
        List<Class<?>> interfaces = CapabilityCatalog.apiInterfaces();
        assertThat(interfaces).containsAll(GeometryContractTest.CAPABILITY_CHECKS.keySet())
                .containsAll(CapabilityCatalog.NOT_CAPABILITIES.keySet());
        assertThat(GeometryContractTest.CAPABILITY_CHECKS.keySet())
                .doesNotContainAnyElementsOf(CapabilityCatalog.NOT_CAPABILITIES.keySet());
    }

    /**
     * Each named check runs on a geometry without any capability (the flat one) and must be skipped through
     * {@link GeometryContractTest#present} for its own capability: so the name points at the test of that capability,
     * not at some other test.
     */
    @Test
    void everyCheckIsATestSkippedWithoutItsCapability() throws ReflectiveOperationException {
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<Class<?>, String> entry : GeometryContractTest.CAPABILITY_CHECKS.entrySet()) {
            Method method = GeometryContractTest.class.getDeclaredMethod(entry.getValue());
            assertThat(method.isAnnotationPresent(Test.class)).as("%s is a @Test", entry.getValue()).isTrue();
            method.setAccessible(true);
            Throwable thrown = catchThrowable(() -> method.invoke(new FlatContractTest()));
            Throwable cause = thrown instanceof InvocationTargetException invocation ? invocation.getCause() : thrown;
            String expected = "has no " + entry.getKey().getSimpleName() + " capability";
            if (!(cause instanceof TestAbortedException) || !cause.getMessage().contains(expected)) {
                wrong.add(entry.getValue() + " (for " + entry.getKey().getSimpleName() + ") ended with " + cause);
            }
        }
        assertThat(wrong).as("checks that do not start with present(their capability)").isEmpty();
    }

    @Test
    void anInterfaceAddedWithoutACheckIsReported() {
        assertThat(CapabilityCatalog.unclassified(List.of(ParallelTransport.class, Geometry.class,
                ForgottenCapability.class))).containsExactly(ForgottenCapability.class);
    }

    @Test
    void aGeometryClaimingAnUncheckedCapabilityIsReported() {
        Geometry flat = new FlatProvider().create(Map.of("n", "2"));
        Geometry claiming = new SubstitutedCapability<>(flat, ForgottenCapability.class, new ForgottenCapability() {
        });
        List<Class<?>> candidates = new ArrayList<>(CapabilityCatalog.apiInterfaces());
        candidates.add(ForgottenCapability.class);
        assertThat(CapabilityCatalog.uncheckedClaims(flat, candidates)).isEmpty();
        assertThat(CapabilityCatalog.uncheckedClaims(claiming, candidates)).containsExactly(ForgottenCapability.class);
    }
}
