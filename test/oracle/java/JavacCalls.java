/*
 * Java call-edge oracle
 * =====================
 * "Who calls what" in a Java source tree, as javac's own attribution says it (Compiler Tree API:
 * JavacTask, TreePathScanner, Trees). Prints one JSON object, the shape of test/oracle/types.ts
 * OracleResult: edges caller -> callee declaration with call-site lines, the callers it looked at
 * and every declaration it named.
 *
 * Usage: java --add-exports jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED JavacCalls.java
 *        <root> <file-list> [javac options...]
 * (file-list: root-relative .java paths, one a line). Errors (missing libraries such as JUnit)
 * do not stop attribution: what resolves is reported, what does not is left out.
 *
 * Conventions (they match the graph's, see docs/adr and parse/java.ts):
 *  - Callers are named classes (field initialisers, initializer blocks) and their methods and
 *    constructors, local classes too; lambdas and anonymous classes are transparent (their calls
 *    are the enclosing named declaration's). A declaration is (path, line of its name; a class's
 *    line is the line of its `class`/`interface`/`enum`/`record` keyword, which is its name's).
 *  - Calls: method invocations, `new` (the constructor; a class with no declared constructor is
 *    the class itself), `this(…)` / `super(…)` written in the source. javac's implicit `super()`
 *    and enum constants' constructor calls are not written, so not counted. An anonymous class
 *    creation calls the superclass constructor javac picks for it.
 *  - The callee is javac's symbol: for `x.m()` with `x` typed by an interface or a superclass, the
 *    method of that type (kind `interface-method` when it is abstract: dispatch, counted apart).
 *  - Call-site line: the line of the callee's name.
 */
import com.sun.source.tree.*;
import com.sun.source.util.*;
import com.sun.tools.javac.tree.JCTree;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import javax.lang.model.element.*;
import javax.tools.*;

public class JavacCalls {
  record Decl(String path, int line, String name, String kind) {}

  public static void main(String[] args) throws Exception {
    Path root = Paths.get(args[0]).toAbsolutePath().normalize();
    List<String> rel = Files.readAllLines(Paths.get(args[1]));
    List<String> options = new ArrayList<>(List.of("-proc:none", "-XDshould-stop.ifError=FLOW", "-Xmaxerrs", "100000", "-encoding", "UTF-8"));
    options.addAll(Arrays.asList(args).subList(2, args.length));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StandardJavaFileManager fm = compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
    List<File> files = new ArrayList<>();
    for (String r : rel) if (!r.isBlank()) files.add(root.resolve(r).toFile());
    JavacTask task = (JavacTask) compiler.getTask(null, fm, diagnostics, options, null, fm.getJavaFileObjectsFromFiles(files));
    List<CompilationUnitTree> units = new ArrayList<>();
    for (CompilationUnitTree u : task.parse()) units.add(u);
    task.analyze();
    Trees trees = Trees.instance(task);
    Oracle oracle = new Oracle(root, trees, task);
    for (CompilationUnitTree u : units) oracle.scan(new TreePath(u), null);
    long errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).count();
    System.out.println(oracle.json(errors));
  }

  static final class Oracle extends TreePathScanner<Void, Void> {
    final Path root;
    final Trees trees;
    final JavacTask task;
    final SourcePositions positions;
    final Deque<Decl> callers = new ArrayDeque<>();
    final Map<String, Decl> callerList = new LinkedHashMap<>();
    final Map<String, Decl> declarations = new LinkedHashMap<>();
    final Map<String, TreeSet<Integer>> edges = new TreeMap<>();
    CompilationUnitTree unit;

    Oracle(Path root, Trees trees, JavacTask task) {
      this.root = root;
      this.trees = trees;
      this.task = task;
      this.positions = trees.getSourcePositions();
    }

    @Override
    public Void visitCompilationUnit(CompilationUnitTree node, Void p) {
      unit = node;
      callers.clear();
      return super.visitCompilationUnit(node, p);
    }

    String pathOf(CompilationUnitTree u) {
      return root.relativize(Paths.get(u.getSourceFile().toUri()).normalize()).toString().replace(File.separatorChar, '/');
    }

    int lineAt(CompilationUnitTree u, long pos) {
      return (int) u.getLineMap().getLineNumber(pos);
    }

    boolean generated(CompilationUnitTree u, Tree t) {
      return positions.getEndPosition(u, t) < 0;
    }

    /** The declaration a class or method tree is, or null for anonymous classes and their members. */
    Decl declOf(TreePath path) {
      Tree t = path.getLeaf();
      CompilationUnitTree u = path.getCompilationUnit();
      if (t instanceof ClassTree c) {
        if (c.getSimpleName().length() == 0) return null;
        return new Decl(pathOf(u), lineAt(u, ((JCTree) t).pos), c.getSimpleName().toString(), "class");
      }
      if (t instanceof MethodTree m) {
        TreePath parent = path.getParentPath();
        if (!(parent.getLeaf() instanceof ClassTree owner) || owner.getSimpleName().length() == 0) return null;
        boolean isAbstract = m.getBody() == null && !m.getModifiers().getFlags().contains(Modifier.NATIVE);
        String name = m.getName().toString();
        return new Decl(pathOf(u), lineAt(u, ((JCTree) t).pos), name, isAbstract ? "interface-method" : "method");
      }
      return null;
    }

    @Override
    public Void visitClass(ClassTree node, Void p) {
      Decl d = declOf(getCurrentPath());
      if (d == null) return super.visitClass(node, p);
      enter(d);
      try {
        return super.visitClass(node, p);
      } finally {
        callers.pop();
      }
    }

    @Override
    public Void visitMethod(MethodTree node, Void p) {
      if (generated(unit, node)) return null; // javac's default constructors, records' accessors
      Decl d = declOf(getCurrentPath());
      if (d == null) return super.visitMethod(node, p);
      if (d.kind().equals("interface-method")) {
        declarations.put(key(d), d);
        return super.visitMethod(node, p);
      }
      enter(d);
      try {
        return super.visitMethod(node, p);
      } finally {
        callers.pop();
      }
    }

    @Override
    public Void visitVariable(VariableTree node, Void p) {
      Element e = trees.getElement(getCurrentPath());
      // An enum constant's `new E(…)` is javac's, not written as a call.
      if (e != null && e.getKind() == ElementKind.ENUM_CONSTANT) {
        if (node.getInitializer() instanceof NewClassTree nc && nc.getClassBody() != null) scan(new TreePath(new TreePath(getCurrentPath(), nc), nc.getClassBody()), p);
        return null;
      }
      return super.visitVariable(node, p);
    }

    void enter(Decl d) {
      callers.push(d);
      callerList.put(key(d), d);
      declarations.put(key(d), d);
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree node, Void p) {
      if (!generated(unit, node)) {
        ExpressionTree select = node.getMethodSelect();
        long end = positions.getEndPosition(unit, select);
        String name = select instanceof MemberSelectTree ms ? ms.getIdentifier().toString() : ((IdentifierTree) select).getName().toString();
        int line = lineAt(unit, Math.max(0, end - name.length()));
        record(trees.getElement(new TreePath(getCurrentPath(), select)), line);
      }
      return super.visitMethodInvocation(node, p);
    }

    @Override
    public Void visitNewClass(NewClassTree node, Void p) {
      if (!generated(unit, node)) {
        Tree id = node.getIdentifier();
        int line = lineAt(unit, positions.getEndPosition(unit, id) - 1);
        Element ctor = trees.getElement(getCurrentPath());
        if (node.getClassBody() != null) ctor = superConstructorOf(node, ctor);
        record(ctor, line);
      }
      return super.visitNewClass(node, p);
    }

    /** The superclass constructor an anonymous class's constructor delegates to. */
    Element superConstructorOf(NewClassTree node, Element anonymousCtor) {
      Object sym = node instanceof JCTree.JCNewClass jc ? jc.constructor : null;
      if (anonymousCtor == null) anonymousCtor = sym instanceof Element e ? e : null;
      if (anonymousCtor == null) return null;
      TreePath body = TreePath.getPath(unit, node.getClassBody());
      if (body == null) return null;
      // javac gives the anonymous class a constructor whose body is `super(args)`; follow it.
      for (Tree member : node.getClassBody().getMembers()) {
        if (member instanceof MethodTree m && m.getName().contentEquals("<init>") && m.getBody() != null) {
          for (StatementTree st : m.getBody().getStatements()) {
            if (st instanceof ExpressionStatementTree es && es.getExpression() instanceof MethodInvocationTree mi) {
              Element e = trees.getElement(new TreePath(new TreePath(new TreePath(new TreePath(body, m), m.getBody()), st), mi.getMethodSelect()));
              if (e != null && e.getKind() == ElementKind.CONSTRUCTOR) return e;
            }
          }
        }
      }
      return null;
    }

    void record(Element callee, int line) {
      Decl caller = callers.peek();
      if (callee == null || !(callee instanceof ExecutableElement) || caller == null) return;
      Decl target = declOfElement(callee);
      if (target == null) return;
      declarations.putIfAbsent(key(target), target);
      edges.computeIfAbsent(key(caller) + " -> " + key(target), k -> new TreeSet<>()).add(line);
    }

    /** A callee's declaration in the sources, or its class when javac made it (a default constructor). */
    Decl declOfElement(Element e) {
      TreePath path = trees.getPath(e);
      if (path == null) return null;
      Tree t = path.getLeaf();
      if (t instanceof MethodTree m && generated(path.getCompilationUnit(), m)) {
        if (e.getKind() != ElementKind.CONSTRUCTOR) return null;
        TreePath cls = trees.getPath(e.getEnclosingElement());
        return cls == null ? null : declOf(cls);
      }
      return declOf(path);
    }

    static String key(Decl d) {
      return d.path() + ":" + d.line();
    }

    String json(long errors) {
      StringBuilder sb = new StringBuilder();
      sb.append("{\"errors\":").append(errors).append(",\"edges\":[");
      boolean first = true;
      for (Map.Entry<String, TreeSet<Integer>> e : edges.entrySet()) {
        String[] parts = e.getKey().split(" -> ");
        if (!first) sb.append(',');
        first = false;
        sb.append("{\"caller\":").append(ref(parts[0])).append(",\"callee\":").append(ref(parts[1])).append(",\"callSiteLines\":").append(e.getValue()).append('}');
      }
      sb.append("],\"callers\":").append(decls(callerList.values())).append(",\"declarations\":").append(decls(declarations.values())).append('}');
      return sb.toString();
    }

    static String ref(String key) {
      int colon = key.lastIndexOf(':');
      return "{\"path\":" + str(key.substring(0, colon)) + ",\"line\":" + key.substring(colon + 1) + "}";
    }

    static String decls(Collection<Decl> ds) {
      StringBuilder sb = new StringBuilder("[");
      boolean first = true;
      for (Decl d : ds) {
        if (!first) sb.append(',');
        first = false;
        sb.append("{\"path\":").append(str(d.path())).append(",\"line\":").append(d.line()).append(",\"name\":").append(str(d.name())).append(",\"kind\":").append(str(d.kind())).append('}');
      }
      return sb.append(']').toString();
    }

    static String str(String s) {
      StringBuilder sb = new StringBuilder("\"");
      for (char c : s.toCharArray()) {
        if (c == '"' || c == '\\') sb.append('\\').append(c);
        else if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
        else sb.append(c);
      }
      return sb.append('"').toString();
    }
  }
}
