package dev.manifolddp.geometry;

import java.util.Optional;

/**
 * One parameter a provider accepts: its name, a description, and its default ({@code null} when required).
 */
public record ParameterSpec(String name, String description, String defaultValue) {

    public static ParameterSpec required(String name, String description) {
        return new ParameterSpec(name, description, null);
    }

    public static ParameterSpec optional(String name, String description, String defaultValue) {
        return new ParameterSpec(name, description, defaultValue);
    }

    public boolean isRequired() {
        return defaultValue == null;
    }

    public Optional<String> defaultValueIfAny() {
        return Optional.ofNullable(defaultValue);
    }

    @Override
    public String toString() {
        return isRequired() ? name + " (required): " + description
                : name + " (default " + defaultValue + "): " + description;
    }
}
