package dev.cqlbench.app.it;

import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.SharedNodeResolver;

/**
 * One embedded node that takes password logins only ({@link SecurityIT#startWithAuthentication}), started the first
 * time a test class asks for it and stopped when the test plan ends: SecurityIT and BadInputIT share it. A
 * {@code @BeforeAll} method receives it as an {@link AuthenticatedNode} parameter.
 */
final class AuthenticatedNode {

    final EmbeddedCassandra node;

    private AuthenticatedNode(EmbeddedCassandra node) {
        this.node = node;
    }

    /** Resolves {@link AuthenticatedNode} parameters to the one shared node. */
    static final class Extension extends SharedNodeResolver<AuthenticatedNode> {
        Extension() {
            super(AuthenticatedNode.class, "cqlbench-it-auth", "node with authentication",
                    dir -> SecurityIT.startWithAuthentication(dir.resolve("node")), AuthenticatedNode::new);
        }
    }
}
