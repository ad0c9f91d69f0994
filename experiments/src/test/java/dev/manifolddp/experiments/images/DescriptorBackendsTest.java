package dev.manifolddp.experiments.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DescriptorBackendsTest {

    @Test
    void findsTheJavaBackendByServiceLoaderAndListsTheKnownOnes() {
        assertThat(DescriptorBackends.named("java")).isInstanceOf(JavaDescriptors.class);
        assertThat(DescriptorBackends.names()).contains("java");
        assertThatThrownBy(() -> DescriptorBackends.named("cuda")).hasMessageContaining("unknown descriptor backend")
                .hasMessageContaining("known backends: ").hasMessageContaining("java")
                .hasMessageContaining("Provided value: cuda");
    }
}
