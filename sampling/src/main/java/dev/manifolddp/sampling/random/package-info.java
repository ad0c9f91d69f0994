/**
 * Random sources: {@link dev.manifolddp.sampling.random.RandomStreams} (seeded LXM streams per experiment cell and
 * replicate, or SecureRandom for releases made for a person) and small rebinding helpers that draw normals and gammas
 * from whatever provider a caller passes, without allocating per draw.
 */
package dev.manifolddp.sampling.random;
