// Go call-edge oracle: "who calls what" in a Go tree as go/types says it.
//
//	go run test/oracle/go/callgraph.go <root>   (prints JSON on stdout)
//
// Only the standard library: go/parser, go/types, and go/importer's source importer for the
// standard library. The workspace's own packages are type-checked here, by import path (the
// module path of the nearest go.mod, else the folder path), so no GOPATH or module download is
// needed; an import that is neither (a third-party module) is left unresolved, and what depends
// on it is simply not an edge. Files are chosen as `go build` would on linux/amd64 (build
// constraints, `_linux.go` suffixes); testdata/, vendor/ and dot/underscore folders are skipped.
//
// Conventions (they match the graph's and test/oracle/types.ts):
//   - Callers: function and method declarations (the line of their name); calls at package level
//     (var initialisers) belong to the file, line 0. Function literals are transparent.
//   - Callees: the *types.Func a call's function names (through package selectors, method
//     selections, promoted methods, interface methods, explicit instantiations), at the line of
//     its name, declared under the root. Conversions, builtins and calls of func-typed values
//     are not calls of a declaration.
//   - Call-site line: the line of the called name (`Find` in `repo.\n\tFind()`).
//   - Implements: a struct type T (declared outside test files) implements a non-empty interface
//     I of the root when T or *T does (types.Implements), each at the line of its name.
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

type declRef struct {
	Path string `json:"path"`
	Line int    `json:"line"`
}

type decl struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Name string `json:"name"`
	Kind string `json:"kind"`
}

type edge struct {
	Caller        declRef `json:"caller"`
	Callee        declRef `json:"callee"`
	CallSiteLines []int   `json:"callSiteLines"`
}

type implPair struct {
	Type  declRef `json:"type"`
	Iface declRef `json:"iface"`
}

type result struct {
	Edges        []edge     `json:"edges"`
	Implements   []implPair `json:"implements"`
	Callers      []decl     `json:"callers"`
	Declarations []decl     `json:"declarations"`
}

type pkgDir struct {
	dir        string // absolute
	importPath string
	files      []string // absolute, build-matched
}

var (
	root     string
	fset     = token.NewFileSet()
	byImport = map[string]*pkgDir{}
	checked  = map[string]*types.Package{}
	stdlib   types.Importer
	edges    = map[string]*edge{}
	callers  = map[string]decl{}
	decls    = map[string]decl{}
	parsed   = map[string]*ast.File{}
	testName = regexp.MustCompile(`^(Test|Benchmark|Fuzz|Example)([^a-z]|$)`)
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: callgraph <root>")
		os.Exit(2)
	}
	abs, err := filepath.Abs(os.Args[1])
	if err != nil {
		panic(err)
	}
	root, _ = filepath.EvalSymlinks(abs)
	stdlib = importer.ForCompiler(fset, "source", nil)
	discover()
	paths := make([]string, 0, len(byImport))
	for p := range byImport {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		importable(byImport[p])
		checkDir(byImport[p])
	}
	out := result{Edges: []edge{}, Implements: implementsPairs(), Callers: []decl{}, Declarations: []decl{}}
	for _, e := range edges {
		sort.Ints(e.CallSiteLines)
		out.Edges = append(out.Edges, *e)
	}
	sort.Slice(out.Edges, func(i, j int) bool { return key(out.Edges[i]) < key(out.Edges[j]) })
	for _, d := range callers {
		out.Callers = append(out.Callers, d)
	}
	for _, d := range decls {
		out.Declarations = append(out.Declarations, d)
	}
	sortDecls(out.Callers)
	sortDecls(out.Declarations)
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		panic(err)
	}
}

func key(e edge) string {
	return fmt.Sprintf("%s:%08d>%s:%08d", e.Caller.Path, e.Caller.Line, e.Callee.Path, e.Callee.Line)
}

func sortDecls(ds []decl) {
	sort.Slice(ds, func(i, j int) bool {
		if ds[i].Path != ds[j].Path {
			return ds[i].Path < ds[j].Path
		}
		return ds[i].Line < ds[j].Line
	})
}

// discover finds every folder with Go files and its import path.
func discover() {
	modules := map[string]string{} // dir → module path
	_ = filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return nil
		}
		name := info.Name()
		if info.IsDir() {
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if data, err := os.ReadFile(filepath.Join(path, "go.mod")); err == nil {
				if m := regexp.MustCompile(`(?m)^\s*module\s+"?([^\s"]+)`).FindSubmatch(data); m != nil {
					modules[path] = string(m[1])
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		dir := filepath.Dir(path)
		if ok, _ := build.Default.MatchFile(dir, name); !ok {
			return nil
		}
		ip := importPathOf(dir, modules)
		p := byImport[ip]
		if p == nil {
			p = &pkgDir{dir: dir, importPath: ip}
			byImport[ip] = p
		}
		p.files = append(p.files, path)
		return nil
	})
}

func importPathOf(dir string, modules map[string]string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if m, ok := modules[d]; ok {
			rel, _ := filepath.Rel(d, dir)
			if rel == "." {
				return m
			}
			return m + "/" + filepath.ToSlash(rel)
		}
		if d == root || d == filepath.Dir(d) {
			break
		}
	}
	rel, _ := filepath.Rel(root, dir)
	return filepath.ToSlash(rel)
}

type workspaceImporter struct{}

func (workspaceImporter) Import(path string) (*types.Package, error) {
	if p, ok := byImport[path]; ok {
		return importable(p), nil
	}
	return stdlib.Import(path)
}

func parse(path string) *ast.File {
	if f, ok := parsed[path]; ok {
		return f
	}
	f, _ := parser.ParseFile(fset, path, nil, parser.ParseComments)
	parsed[path] = f
	return f
}

// check type-checks files as one package, tolerating errors (an unresolved import, a cgo file).
func check(importPath string, files []*ast.File) (*types.Package, *types.Info) {
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: workspaceImporter{}, Error: func(error) {}, FakeImportC: true}
	pkg, _ := conf.Check(importPath, fset, files, info)
	return pkg, info
}

// importable is the package without its tests, as an importer sees it.
func importable(p *pkgDir) *types.Package {
	if pkg, ok := checked[p.importPath]; ok {
		return pkg
	}
	checked[p.importPath] = types.NewPackage(p.importPath, "") // breaks an import cycle
	pkg, _ := check(p.importPath, groups(p)[0])
	checked[p.importPath] = pkg
	return pkg
}

// groups: the package's non-test files, its in-package test files, its external test files.
func groups(p *pkgDir) [3][]*ast.File {
	var out [3][]*ast.File
	name := ""
	for _, path := range p.files {
		if f := parse(path); f != nil && !strings.HasSuffix(path, "_test.go") {
			name = f.Name.Name
			out[0] = append(out[0], f)
		}
	}
	for _, path := range p.files {
		f := parse(path)
		if f == nil || !strings.HasSuffix(path, "_test.go") {
			continue
		}
		if name == "" || f.Name.Name == name {
			out[1] = append(out[1], f)
		} else {
			out[2] = append(out[2], f)
		}
	}
	return out
}

func checkDir(p *pkgDir) {
	g := groups(p)
	if len(g[0]) > 0 {
		_, info := check(p.importPath, g[0])
		for _, f := range g[0] {
			collect(f, info)
		}
	}
	if len(g[1]) > 0 {
		all := append(append([]*ast.File{}, g[0]...), g[1]...)
		_, info := check(p.importPath, all)
		for _, f := range g[1] {
			collect(f, info)
		}
	}
	if len(g[2]) > 0 {
		_, info := check(p.importPath+"_test", g[2])
		for _, f := range g[2] {
			collect(f, info)
		}
	}
}

func rel(pos token.Pos) (string, int, bool) {
	position := fset.Position(pos)
	if !position.IsValid() {
		return "", 0, false
	}
	file, err := filepath.EvalSymlinks(position.Filename)
	if err != nil {
		file = position.Filename
	}
	r, err := filepath.Rel(root, file)
	if err != nil || strings.HasPrefix(r, "..") {
		return "", 0, false
	}
	return filepath.ToSlash(r), position.Line, true
}

func collect(f *ast.File, info *types.Info) {
	path, _, ok := rel(f.Pos())
	if !ok {
		return
	}
	fileCaller := decl{Path: path, Line: 0, Name: "<file>", Kind: "file"}
	callers[fmt.Sprintf("%s:0", path)] = fileCaller
	decls[fmt.Sprintf("%s:0", path)] = fileCaller
	isTest := strings.HasSuffix(path, "_test.go")
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			_, line, _ := rel(d.Name.Pos())
			name, kind := d.Name.Name, "function"
			if d.Recv != nil && len(d.Recv.List) > 0 {
				name, kind = recvName(d.Recv.List[0].Type)+"."+name, "method"
			} else if isTest && testName.MatchString(name) && name != "TestMain" {
				kind = "test"
			}
			me := decl{Path: path, Line: line, Name: name, Kind: kind}
			callers[fmt.Sprintf("%s:%d", path, line)] = me
			decls[fmt.Sprintf("%s:%d", path, line)] = me
			if d.Body != nil {
				calls(d.Body, declRef{path, line}, path, info)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok {
					if it, ok := ts.Type.(*ast.InterfaceType); ok {
						for _, m := range it.Methods.List {
							for _, n := range m.Names {
								_, line, _ := rel(n.Pos())
								decls[fmt.Sprintf("%s:%d", path, line)] = decl{Path: path, Line: line, Name: ts.Name.Name + "." + n.Name, Kind: "interface-method"}
							}
						}
					}
				}
				if vs, ok := s.(*ast.ValueSpec); ok {
					for _, v := range vs.Values {
						calls(v, declRef{path, 0}, path, info)
					}
				}
			}
		}
	}
}

func recvName(t ast.Expr) string {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return "?"
		}
	}
}

func calls(n ast.Node, caller declRef, path string, info *types.Info) {
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fun := unparen(call.Fun)
		switch x := fun.(type) {
		case *ast.IndexExpr:
			fun = x.X
		case *ast.IndexListExpr:
			fun = x.X
		}
		var id *ast.Ident
		switch x := fun.(type) {
		case *ast.Ident:
			id = x
		case *ast.SelectorExpr:
			id = x.Sel
		default:
			return true
		}
		fn, ok := info.Uses[id].(*types.Func)
		if !ok {
			return true
		}
		calleePath, calleeLine, ok := rel(fn.Pos())
		if !ok {
			return true
		}
		_, site, _ := rel(id.Pos())
		k := fmt.Sprintf("%s:%d>%s:%d", caller.Path, caller.Line, calleePath, calleeLine)
		e := edges[k]
		if e == nil {
			e = &edge{Caller: caller, Callee: declRef{calleePath, calleeLine}}
			edges[k] = e
		}
		for _, l := range e.CallSiteLines {
			if l == site {
				return true
			}
		}
		e.CallSiteLines = append(e.CallSiteLines, site)
		return true
	})
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// implementsPairs: every (struct, interface) of the importable packages under the root where the
// struct or its pointer implements the interface.
func implementsPairs() []implPair {
	var structs, ifaces []*types.TypeName
	for _, pkg := range checked {
		if pkg == nil {
			continue
		}
		for _, name := range pkg.Scope().Names() {
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			if _, _, ok := rel(tn.Pos()); !ok {
				continue
			}
			switch u := tn.Type().Underlying().(type) {
			case *types.Struct:
				structs = append(structs, tn)
			case *types.Interface:
				if u.NumMethods() > 0 && u.IsMethodSet() {
					ifaces = append(ifaces, tn)
				}
			}
		}
	}
	out := []implPair{}
	for _, s := range structs {
		if _, generic := s.Type().(*types.Named); generic && s.Type().(*types.Named).TypeParams().Len() > 0 {
			continue
		}
		for _, i := range ifaces {
			iface := i.Type().Underlying().(*types.Interface)
			if i.Type().(*types.Named).TypeParams().Len() > 0 {
				continue
			}
			if types.Implements(s.Type(), iface) || types.Implements(types.NewPointer(s.Type()), iface) {
				sp, sl, _ := rel(s.Pos())
				ip, il, _ := rel(i.Pos())
				out = append(out, implPair{declRef{sp, sl}, declRef{ip, il}})
			}
		}
	}
	sort.Slice(out, func(a, b int) bool {
		ka := fmt.Sprintf("%s:%08d>%s:%08d", out[a].Type.Path, out[a].Type.Line, out[a].Iface.Path, out[a].Iface.Line)
		kb := fmt.Sprintf("%s:%08d>%s:%08d", out[b].Type.Path, out[b].Type.Line, out[b].Iface.Path, out[b].Iface.Line)
		return ka < kb
	})
	return out
}
