package dev.cqlbench.binding.kundera;

import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.testkit.ProfileTableContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Kundera loads entities by name with class loaders of its own, so a profile's classes are compiled onto this JVM's
 * classpath as onto a worker's ({@link EntityCompiler#compileOnClasspath}): into the directory this module's failsafe
 * configuration puts on it, once per JVM. The contract opens one table through Kundera, the type matrix: its other
 * tables ask for batches, conditions or counters, which Kundera declares it cannot write.
 */
class KunderaProfileTableIT extends ProfileTableContract {

    KunderaProfileTableIT() throws IOException {
        super("kundera", KunderaBindingIT::execute);
        // empty, as the orchestrator makes a worker's: an earlier run's classes outlive their JVM
        Path classes = Path.of(System.getProperty(EntityCompiler.CLASSPATH_DIRECTORY));
        try (Stream<Path> earlier = Files.list(classes)) {
            earlier.forEach(EntityCompiler::deleteTree);
        }
    }
}
