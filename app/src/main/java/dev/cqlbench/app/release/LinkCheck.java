package dev.cqlbench.app.release;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Whether cqlbench's own classes link with a library's other version, read from the class files (ASM), as the JVM
 * would link them: every class, method and field of the library's replaced artifacts that the code refers to must
 * be in the new ones (declared by the class or inherited from its supertypes, which may lie in the kept jars or the
 * JDK). References to anything else (the JDK, cqlbench, the dependencies that stay) are not the version's to break.
 */
final class LinkCheck {

    private LinkCheck() {}

    /** A member one class file refers to: {@code owner} in internal form, {@code name} and descriptor. */
    private record Ref(String owner, String name, String descriptor, boolean method) {}

    /**
     * What of {@code code}'s references to classes of the {@code replaced} jars the {@code added} ones do not have:
     * "class a.B", "method a.B.m(I)V", one line each, in the order found; empty when everything links.
     */
    static List<String> missing(List<Path> code, List<Path> replaced, List<Path> added, List<Path> kept) {
        Set<String> library = new HashSet<>();
        replaced.forEach(jar -> library.addAll(classes(jar).keySet()));
        Classes next = new Classes(added, kept);
        Set<String> types = new LinkedHashSet<>();
        Set<Ref> refs = new LinkedHashSet<>();
        for (Path entry : code) {
            for (byte[] bytes : classFiles(entry)) {
                collect(bytes, types, refs);
            }
        }
        Set<String> out = new LinkedHashSet<>();
        for (String type : types) {
            if (library.contains(type) && !next.has(type)) {
                out.add("class " + type.replace('/', '.'));
            }
        }
        for (Ref ref : refs) {
            if (library.contains(ref.owner()) && next.has(ref.owner()) && !next.hasMember(ref, new HashSet<>())) {
                out.add((ref.method() ? "method " : "field ") + ref.owner().replace('/', '.') + "." + ref.name()
                        + (ref.method() ? ref.descriptor() : ""));
            }
        }
        return new ArrayList<>(out);
    }

    /** Every class and member one class file refers to. */
    private static void collect(byte[] bytes, Set<String> types, Set<Ref> refs) {
        types.addAll(Shape.of(bytes).parents());
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature,
                                           Object value) {
                type(Type.getType(descriptor), types);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                for (Type t : Type.getArgumentTypes(descriptor)) {
                    type(t, types);
                }
                type(Type.getReturnType(descriptor), types);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String mname, String mdesc, boolean itf) {
                        if (!owner.startsWith("[")) {
                            types.add(owner);
                            refs.add(new Ref(owner, mname, mdesc, true));
                        }
                    }

                    @Override
                    public void visitFieldInsn(int opcode, String owner, String fname, String fdesc) {
                        types.add(owner);
                        refs.add(new Ref(owner, fname, fdesc, false));
                    }

                    @Override
                    public void visitTypeInsn(int opcode, String type) {
                        type(Type.getObjectType(type), types);
                    }

                    @Override
                    public void visitLdcInsn(Object value) {
                        if (value instanceof Type t && t.getSort() != Type.METHOD) {
                            type(t, types);
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    }

    private static void type(Type t, Set<String> types) {
        Type element = t.getSort() == Type.ARRAY ? t.getElementType() : t;
        if (element.getSort() == Type.OBJECT) {
            types.add(element.getInternalName());
        }
    }

    /** The class files of a directory of classes or a jar. */
    private static List<byte[]> classFiles(Path entry) {
        List<byte[]> out = new ArrayList<>();
        if (Files.isDirectory(entry)) {
            try (Stream<Path> files = Files.walk(entry)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                    out.add(Files.readAllBytes(f));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else if (Files.isRegularFile(entry)) {
            try (JarFile jar = new JarFile(entry.toFile())) {
                for (ZipEntry e : jar.stream().filter(e -> e.getName().endsWith(".class")).toList()) {
                    try (InputStream in = jar.getInputStream(e)) {
                        out.add(in.readAllBytes());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** The classes of a jar, internal name → the jar. */
    private static Map<String, Path> classes(Path jar) {
        Map<String, Path> out = new HashMap<>();
        if (!Files.isRegularFile(jar)) {
            return out;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            file.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                    .forEach(n -> out.put(n.substring(0, n.length() - ".class".length()), jar));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** The classes of the new classpath (the added jars first, then the kept ones), and the JDK's. */
    private static final class Classes {
        private final Map<String, Path> index = new HashMap<>();
        private final Map<String, Shape> shapes = new HashMap<>();

        Classes(List<Path> added, List<Path> kept) {
            for (Path jar : kept) {
                index.putAll(classes(jar));
            }
            for (Path jar : added) {
                index.putAll(classes(jar)); // the version's own classes win
            }
        }

        boolean has(String type) {
            return shape(type) != null;
        }

        /** Whether {@code ref} is declared by its owner or inherited from a supertype. */
        boolean hasMember(Ref ref, Set<String> seen) {
            return declares(ref.owner(), ref, seen);
        }

        private boolean declares(String type, Ref ref, Set<String> seen) {
            if (!seen.add(type)) {
                return false;
            }
            Shape shape = shape(type);
            if (shape == null) {
                return false;
            }
            if ((ref.method() ? shape.methods() : shape.fields()).contains(ref.name() + ref.descriptor())) {
                return true;
            }
            if (ref.method() && ref.name().equals("<init>")) {
                return false; // constructors are not inherited
            }
            for (String parent : shape.parents()) {
                if (declares(parent, ref, seen)) {
                    return true;
                }
            }
            // an interface's method may be Object's (toString on an interface type)
            return ref.method() && shape.parents().isEmpty() && !type.equals("java/lang/Object")
                    && declares("java/lang/Object", ref, seen);
        }

        private Shape shape(String type) {
            if (shapes.containsKey(type)) {
                return shapes.get(type);
            }
            Shape shape = null;
            try (InputStream in = open(type)) {
                if (in != null) {
                    shape = Shape.of(in.readAllBytes());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            shapes.put(type, shape);
            return shape;
        }

        private InputStream open(String type) throws IOException {
            Path jar = index.get(type);
            if (jar == null) {
                // the JDK's only: this JVM's own classpath (cqlbench's, with a driver of its own) is not the worker's
                return ClassLoader.getPlatformClassLoader().getResourceAsStream(type + ".class");
            }
            JarFile file = new JarFile(jar.toFile());
            InputStream in = file.getInputStream(file.getEntry(type + ".class"));
            return new java.io.FilterInputStream(in) {
                @Override
                public void close() throws IOException {
                    super.close();
                    file.close();
                }
            };
        }
    }

    /** A class's members (name + descriptor) and its supertypes. */
    private record Shape(Set<String> methods, Set<String> fields, List<String> parents) {
        static Shape of(byte[] bytes) {
            Set<String> methods = new HashSet<>();
            Set<String> fields = new HashSet<>();
            List<String> parents = new ArrayList<>();
            new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public void visit(int version, int access, String name, String signature, String superName,
                                  String[] interfaces) {
                    if (superName != null) {
                        parents.add(superName);
                    }
                    if (interfaces != null) {
                        parents.addAll(List.of(interfaces));
                    }
                }

                @Override
                public FieldVisitor visitField(int access, String name, String descriptor, String signature,
                                               Object value) {
                    fields.add(name + descriptor);
                    return null;
                }

                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                                 String[] exceptions) {
                    methods.add(name + descriptor);
                    return null;
                }
            }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return new Shape(methods, fields, parents);
        }
    }
}
