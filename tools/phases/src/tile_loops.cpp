#include "tile_loops.hpp"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/QualTypeNames.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace tessera::phases {
namespace {

// A thread's locals kept in arrays across barriers live on the worker's stack: at most this much a tile.
constexpr std::int64_t max_kept_bytes = 64 * 1024;

// Locals in the order they are written (an instantiation's locals sit where the template's do), so that
// the text is the same at every build and for every instantiation.
struct by_place {
  bool operator()(const clang::VarDecl* a, const clang::VarDecl* b) const {
    return a->getLocation().getRawEncoding() < b->getLocation().getRawEncoding();
  }
};

// One reference to a local of the kernel: whether it only reads the value.
struct reference {
  const clang::DeclRefExpr* expr;
  bool reads_only;
};

// Every reference to the kernel's own variables (its locals and its tiled_index), nested lambdas included.
class reference_collector : public clang::RecursiveASTVisitor<reference_collector> {
 public:
  reference_collector(clang::ASTContext& ast, const clang::DeclContext* kernel) : ast_(ast), kernel_(kernel) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    const auto* v = llvm::dyn_cast<clang::VarDecl>(e->getDecl());
    if (v == nullptr || !inside_kernel(v)) return true;
    refs[v].push_back(reference{e, reads_only(e)});
    return true;
  }
  bool inside_kernel(const clang::VarDecl* v) const {
    for (const clang::DeclContext* c = v->getDeclContext(); c != nullptr; c = c->getParent())
      if (c == kernel_) return true;
    return false;
  }
  std::map<const clang::VarDecl*, std::vector<reference>> refs;

 private:
  // The value is read and nothing else: the reference's parent (through parentheses) turns it into a value.
  bool reads_only(const clang::Expr* e) {
    const clang::Expr* at = e;
    for (;;) {
      const auto parents = ast_.getParents(*at);
      if (parents.empty()) return false;
      if (const auto* paren = parents[0].get<clang::ParenExpr>()) {
        at = paren;
        continue;
      }
      const auto* cast = parents[0].get<clang::ImplicitCastExpr>();
      return cast != nullptr && cast->getCastKind() == clang::CK_LValueToRValue;
    }
  }
  clang::ASTContext& ast_;
  const clang::DeclContext* kernel_;
};

// The kernel's variables referenced in some statements.
std::set<const clang::VarDecl*> referenced_in(const std::vector<const clang::Stmt*>& stmts, const reference_collector& all) {
  struct visitor : clang::RecursiveASTVisitor<visitor> {
    const reference_collector& all;
    std::set<const clang::VarDecl*> seen;
    explicit visitor(const reference_collector& a) : all(a) {}
    bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
      if (const auto* v = llvm::dyn_cast<clang::VarDecl>(e->getDecl()); v != nullptr && all.inside_kernel(v)) seen.insert(v);
      return true;
    }
  } v(all);
  for (const clang::Stmt* s : stmts) v.TraverseStmt(const_cast<clang::Stmt*>(s));
  return v.seen;
}

// Finds a `break` or `continue` that leaves the statements it walks (it would leave the lambda run per thread).
class leaving_jumps : public clang::RecursiveASTVisitor<leaving_jumps> {
 public:
  bool found = false;
  bool TraverseLambdaExpr(clang::LambdaExpr*) { return true; }
  bool TraverseForStmt(clang::ForStmt* s) { return inside(s->getBody(), loops_); }
  bool TraverseWhileStmt(clang::WhileStmt* s) { return inside(s->getBody(), loops_); }
  bool TraverseDoStmt(clang::DoStmt* s) { return inside(s->getBody(), loops_); }
  bool TraverseCXXForRangeStmt(clang::CXXForRangeStmt* s) { return inside(s->getBody(), loops_); }
  bool TraverseSwitchStmt(clang::SwitchStmt* s) { return inside(s->getBody(), switches_); }
  bool VisitBreakStmt(clang::BreakStmt*) {
    if (loops_ == 0 && switches_ == 0) found = true;
    return !found;
  }
  bool VisitContinueStmt(clang::ContinueStmt*) {
    if (loops_ == 0) found = true;
    return !found;
  }

 private:
  bool inside(clang::Stmt* body, int& depth) {
    ++depth;
    const bool go_on = clang::RecursiveASTVisitor<leaving_jumps>::TraverseStmt(body);
    --depth;
    return go_on && !found;
  }
  int loops_ = 0, switches_ = 0;
};

bool leaves_statements(const std::vector<const clang::Stmt*>& stmts) {
  leaving_jumps v;
  for (const clang::Stmt* s : stmts) v.TraverseStmt(const_cast<clang::Stmt*>(s));
  return v.found;
}

// What lets a thread leave its phase early, or is not followed: `return`, `goto`, labels.
const char* early_exit(const clang::Stmt* body) {
  struct visitor : clang::RecursiveASTVisitor<visitor> {
    const char* found = nullptr;
    bool TraverseLambdaExpr(clang::LambdaExpr*) { return true; }  // a nested lambda's returns are its own
    bool VisitReturnStmt(clang::ReturnStmt*) {
      found = "it returns before its end (threads could stop at different barriers)";
      return false;
    }
    bool VisitGotoStmt(clang::GotoStmt*) {
      found = "it uses goto";
      return false;
    }
    bool VisitIndirectGotoStmt(clang::IndirectGotoStmt*) {
      found = "it uses goto";
      return false;
    }
  } v;
  v.TraverseStmt(const_cast<clang::Stmt*>(body));
  return v.found;
}

class planner {
 public:
  planner(const clang::LambdaExpr* kernel, clang::ASTContext& ast, wait_finder& waits, bool checked)
      : kernel_(kernel), op_(kernel->getCallOperator()), ast_(ast), sm_(ast.getSourceManager()), waits_(waits),
        refs_(ast, op_), checked_(checked) {}

  tile_loop_plan run() {
    tile_loop_plan plan;
    if (kernel_->isMutable()) refuse("it is a mutable lambda");
    const clang::ParmVarDecl* param = op_->getParamDecl(0);
    name_ = param->getName().str();
    if (name_.empty()) refuse("its tiled_index has no name");
    threads_ = tile_threads(param->getType());
    if (threads_ <= 0) refuse("its tile's size is not known here");
    const auto* body = llvm::dyn_cast<clang::CompoundStmt>(kernel_->getBody());
    if (body == nullptr) refuse("its body is not a block");
    if (!ok_) return failed(plan);
    if (const char* why = early_exit(body)) refuse(why);
    refs_.TraverseStmt(const_cast<clang::CompoundStmt*>(body));
    if (ok_) statements(body->body_begin(), body->body_end());
    if (ok_) keep_across_barriers();
    if (ok_) write_edits(body);
    if (!ok_) return failed(plan);
    plan.possible = true;
    plan.edits = std::move(edits_);
    plan.kept_per_thread = static_cast<int>(kept_.size());
    return plan;
  }

 private:
  // A run of statements between barriers (or loop and `if` headers): one loop over the tile's threads.
  struct region {
    std::vector<const clang::Stmt*> stmts;
    std::map<const clang::VarDecl*, const clang::DeclStmt*, by_place> declared;  // by its own declarations, at its level
    std::set<const clang::VarDecl*> used;
  };

  tile_loop_plan& failed(tile_loop_plan& plan) {
    plan.reason = reason_;
    return plan;
  }
  void refuse(std::string why) {
    if (ok_) reason_ = std::move(why);
    ok_ = false;
  }

  static int tile_threads(clang::QualType t) {
    const auto* spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(t.getNonReferenceType()->getAsCXXRecordDecl());
    if (spec == nullptr) return 0;
    int threads = 1;
    for (const clang::TemplateArgument& a : spec->getTemplateArgs().asArray()) {
      if (a.getKind() != clang::TemplateArgument::Integral) return 0;
      const std::int64_t d = a.getAsIntegral().getExtValue();
      if (d > 0) threads *= static_cast<int>(d);
    }
    return threads;
  }

  // --- the statement lists ------------------------------------------------------------------------------

  void statements(clang::Stmt* const* first, clang::Stmt* const* last) {
    for (; first != last; ++first) {
      const clang::Stmt* s = *first;
      if (!ok_) return;
      if (is_barrier(s)) {
        close_region();
        barriers_.push_back(s);
        // The phase's end replaces the call, its object too: nothing of it may need to run.
        const clang::CXXMemberCallExpr* call = barrier_call(s);
        if (call->getImplicitObjectArgument()->HasSideEffects(ast_)) refuse("a barrier is named by an expression with side effects");
      } else if (waits_.body_waits(s)) {
        close_region();
        structure(s);
      } else if (stays_with_the_tile(s)) {
        close_region();
      } else {
        open_.push_back(s);
      }
    }
    close_region();
  }
  void statement(const clang::Stmt* s) {
    if (const auto* block = llvm::dyn_cast<clang::CompoundStmt>(s)) return statements(block->body_begin(), block->body_end());
    clang::Stmt* const one = const_cast<clang::Stmt*>(s);
    statements(&one, &one + 1);
  }

  void close_region() {
    if (open_.empty()) return;
    if (leaves_statements(open_)) refuse("a break or continue leaves a loop that holds a barrier");
    region r;
    r.stmts = std::move(open_);
    open_.clear();
    for (const clang::Stmt* s : r.stmts)
      if (const auto* decl = llvm::dyn_cast<clang::DeclStmt>(s))
        for (const clang::Decl* d : decl->decls())
          if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d)) r.declared.emplace(v, decl);
    r.used = referenced_in(r.stmts, refs_);
    regions_.push_back(std::move(r));
  }

  // The barrier call a statement is, or nullptr.
  static const clang::CXXMemberCallExpr* barrier_call(const clang::Stmt* s) {
    const auto* e = llvm::dyn_cast<clang::Expr>(s);
    if (e == nullptr) return nullptr;
    const auto* call = llvm::dyn_cast<clang::CXXMemberCallExpr>(e->IgnoreImplicit()->IgnoreParens());
    return call != nullptr && barrier_scope(call) != nullptr ? call : nullptr;
  }
  static bool is_barrier(const clang::Stmt* s) { return barrier_call(s) != nullptr; }

  // A statement that holds a barrier: its control flow runs once for the tile, and must be uniform.
  void structure(const clang::Stmt* s) {
    if (const auto* block = llvm::dyn_cast<clang::CompoundStmt>(s)) return statements(block->body_begin(), block->body_end());
    if (const auto* i = llvm::dyn_cast<clang::IfStmt>(s)) {
      if (i->getInit() != nullptr || i->getConditionVariable() != nullptr || !uniform(i->getCond()))
        return refuse("a barrier sits under an if whose condition threads may compute differently (line " + line(s) + ")");
      statement(i->getThen());
      if (i->getElse() != nullptr) statement(i->getElse());
      return;
    }
    if (const auto* f = llvm::dyn_cast<clang::ForStmt>(s)) {
      std::set<const clang::VarDecl*> counters;
      if (const clang::Stmt* init = f->getInit()) {
        const auto* decl = llvm::dyn_cast<clang::DeclStmt>(init);
        if (decl == nullptr) return refuse("a loop that holds a barrier starts with an expression (line " + line(s) + ")");
        for (const clang::Decl* d : decl->decls()) {
          const auto* v = llvm::dyn_cast<clang::VarDecl>(d);
          if (v == nullptr || !v->getType()->isScalarType() || v->getInit() == nullptr || !uniform(v->getInit()))
            return refuse("a loop that holds a barrier counts with a value threads may compute differently (line " + line(s) + ")");
          counters.insert(v);
          uniform_.insert(v);
        }
      }
      if (f->getCond() == nullptr || f->getConditionVariable() != nullptr || !uniform(f->getCond()))
        return refuse("a loop that holds a barrier has a condition threads may compute differently (line " + line(s) + ")");
      if (f->getInc() != nullptr && !steps_counters(f->getInc(), counters))
        return refuse("a loop that holds a barrier steps by a value threads may compute differently (line " + line(s) + ")");
      for (const clang::VarDecl* v : counters)
        if (!only_read(v, f->getInc()))
          return refuse("the counter of a loop that holds a barrier changes in its body (line " + line(s) + ")");
      return statement(f->getBody());
    }
    if (const auto* w = llvm::dyn_cast<clang::WhileStmt>(s)) {
      if (w->getConditionVariable() != nullptr || !uniform(w->getCond()))
        return refuse("a loop that holds a barrier has a condition threads may compute differently (line " + line(s) + ")");
      return statement(w->getBody());
    }
    if (const auto* d = llvm::dyn_cast<clang::DoStmt>(s)) {
      if (!uniform(d->getCond()))
        return refuse("a loop that holds a barrier has a condition threads may compute differently (line " + line(s) + ")");
      return statement(d->getBody());
    }
    refuse(std::string("a barrier sits in a ") + s->getStmtClassName() + " (line " + line(s) + ")");
  }

  // Declarations that belong to the tile, not to a thread: types, static and tile_static variables, and
  // constants of uniform value that nothing changes.
  bool stays_with_the_tile(const clang::Stmt* s) {
    const auto* decl = llvm::dyn_cast<clang::DeclStmt>(s);
    if (decl == nullptr) return false;
    std::vector<const clang::VarDecl*> vars;
    for (const clang::Decl* d : decl->decls())
      if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d)) vars.push_back(v);
    if (vars.empty()) return true;
    if (std::all_of(vars.begin(), vars.end(), [](const clang::VarDecl* v) { return v->isStaticLocal(); })) return true;
    if (vars.size() != 1) return false;
    const clang::VarDecl* v = vars.front();
    if (v->isStaticLocal() || !v->getType()->isScalarType() || v->getInit() == nullptr ||
        v->getInitStyle() != clang::VarDecl::CInit || !uniform(v->getInit()) || !only_read(v, nullptr))
      return false;
    uniform_.insert(v);
    return true;
  }

  // Every reference to `v` reads its value, but those in `except`.
  bool only_read(const clang::VarDecl* v, const clang::Expr* except) {
    std::set<const clang::DeclRefExpr*> excepted;
    if (except != nullptr) {
      struct visitor : clang::RecursiveASTVisitor<visitor> {
        std::set<const clang::DeclRefExpr*>& out;
        explicit visitor(std::set<const clang::DeclRefExpr*>& o) : out(o) {}
        bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
          out.insert(e);
          return true;
        }
      } collect(excepted);
      collect.TraverseStmt(const_cast<clang::Expr*>(except));
    }
    const auto it = refs_.refs.find(v);
    if (it == refs_.refs.end()) return true;
    return std::all_of(it->second.begin(), it->second.end(),
                       [&](const reference& r) { return r.reads_only || excepted.count(r.expr) != 0; });
  }

  // A loop's step: its counters, each incremented, decremented or combined with a uniform value.
  bool steps_counters(const clang::Expr* e, const std::set<const clang::VarDecl*>& counters) {
    e = e->IgnoreParenImpCasts();
    const auto counter = [&](const clang::Expr* x) {
      const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(x->IgnoreParens());
      return ref != nullptr && counters.count(llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) != 0;
    };
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) return u->isIncrementDecrementOp() && counter(u->getSubExpr());
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e)) {
      if (b->getOpcode() == clang::BO_Comma) return steps_counters(b->getLHS(), counters) && steps_counters(b->getRHS(), counters);
      return (b->isAssignmentOp() || b->isCompoundAssignmentOp()) && counter(b->getLHS()) && uniform(b->getRHS());
    }
    return false;
  }

  // Does every thread of a tile compute this alike? Only what reads no memory a thread could change.
  bool uniform(const clang::Expr* e) {
    if (e == nullptr) return false;
    if (!e->isValueDependent() && !e->HasSideEffects(ast_) && e->isEvaluatable(ast_)) return true;  // a constant
    e = e->IgnoreParens();
    if (llvm::isa<clang::IntegerLiteral, clang::FloatingLiteral, clang::CXXBoolLiteralExpr, clang::CharacterLiteral,
                  clang::UnaryExprOrTypeTraitExpr, clang::ConstantExpr>(e))
      return true;
    if (const auto* c = llvm::dyn_cast<clang::CastExpr>(e))
      return c->getCastKind() != clang::CK_UserDefinedConversion && uniform(c->getSubExpr());
    if (const auto* m = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e)) return uniform(m->getSubExpr());
    if (const auto* c = llvm::dyn_cast<clang::ExprWithCleanups>(e)) return uniform(c->getSubExpr());
    if (const auto* s = llvm::dyn_cast<clang::SubstNonTypeTemplateParmExpr>(e)) return uniform(s->getReplacement());
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e)) {
      const auto op = u->getOpcode();
      return (op == clang::UO_Plus || op == clang::UO_Minus || op == clang::UO_Not || op == clang::UO_LNot) && uniform(u->getSubExpr());
    }
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(e))
      return !b->isAssignmentOp() && !b->isCompoundAssignmentOp() && b->getOpcode() != clang::BO_Comma && uniform(b->getLHS()) &&
             uniform(b->getRHS());
    if (const auto* c = llvm::dyn_cast<clang::ConditionalOperator>(e))
      return uniform(c->getCond()) && uniform(c->getTrueExpr()) && uniform(c->getFalseExpr());
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(e)) return uniform_decl(r->getDecl());
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
      if (llvm::isa<clang::VarDecl>(m->getMemberDecl())) return true;  // a static data member
      return llvm::isa<clang::FieldDecl>(m->getMemberDecl()) && !m->isArrow() && uniform_object(m->getBase());
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e)) {
      // A constexpr function of uniform values (a member function: const, of a uniform object).
      const clang::FunctionDecl* f = call->getDirectCallee();
      if (f == nullptr || !f->isConstexpr()) return false;
      if (const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(f); m != nullptr && !m->isStatic()) {
        if (!m->isConst()) return false;
        if (const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call); member != nullptr && !uniform_object(member->getImplicitObjectArgument()))
          return false;
        if (llvm::isa<clang::CXXOperatorCallExpr>(call)) {  // the object is the first argument
          if (call->getNumArgs() == 0 || !uniform_object(call->getArg(0))) return false;
          for (unsigned a = 1; a < call->getNumArgs(); ++a)
            if (!uniform(call->getArg(a))) return false;
          return true;
        }
      }
      for (const clang::Expr* a : call->arguments())
        if (!uniform(a)) return false;
      return true;
    }
    if (const auto* c = llvm::dyn_cast<clang::CXXConstructExpr>(e)) {
      if (!c->getConstructor()->isConstexpr()) return false;
      for (const clang::Expr* a : c->arguments())
        if (!uniform(a)) return false;
      return true;
    }
    return false;
  }
  // An object whose fields every thread sees alike: a value the kernel captured, or a field of one.
  bool uniform_object(const clang::Expr* e) {
    e = e->IgnoreParenImpCasts();
    if (const auto* m = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e)) return uniform_object(m->getSubExpr());
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(e)) return uniform_decl(r->getDecl());
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e))
      return llvm::isa<clang::FieldDecl>(m->getMemberDecl()) && !m->isArrow() && uniform_object(m->getBase());
    return false;
  }
  bool uniform_decl(const clang::ValueDecl* d) {
    if (llvm::isa<clang::EnumConstantDecl, clang::NonTypeTemplateParmDecl>(d)) return true;
    const auto* v = llvm::dyn_cast<clang::VarDecl>(d);
    if (v == nullptr) return false;
    if (uniform_.count(v) != 0) return true;
    if (refs_.inside_kernel(v)) return false;  // a thread's own (its index included), or tile_static
    if (v->isUsableInConstantExpressions(ast_)) return true;
    // A value the kernel captured: its copy, the same for every thread of a lambda that is not mutable.
    for (const clang::LambdaCapture& c : kernel_->captures())
      if (c.capturesVariable() && c.getCapturedVar() == v) return c.getCaptureKind() == clang::LCK_ByCopy;
    return false;
  }

  // --- locals that live across barriers -------------------------------------------------------------------

  // A local declared in one region and used in another is kept per thread: checked here, written later.
  void keep_across_barriers() {
    std::int64_t bytes = 0;
    for (std::size_t r = 0; r < regions_.size(); ++r)
      for (const auto& [v, decl] : regions_[r].declared) {
        bool elsewhere = false;
        for (std::size_t q = 0; q < regions_.size(); ++q)
          if (q != r && regions_[q].used.count(v) != 0) {
            elsewhere = true;
            bound_in_[q].insert(v);
          }
        if (!elsewhere) continue;
        const clang::QualType t = v->getType();
        const std::string name = v->getName().str();
        if (t->isReferenceType()) return refuse("its reference " + name + " lives across a barrier");
        if (t->isArrayType()) return refuse("its array " + name + " lives across a barrier");
        const auto* construct = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(v->getInit());
        const bool plain_init = v->getInit() == nullptr || (construct != nullptr && construct->getNumArgs() == 0) ||
                                (construct == nullptr && v->getInitStyle() == clang::VarDecl::CInit);
        if (!plain_init || !t.isTriviallyCopyableType(ast_) || !t.isTrivialType(ast_))
          return refuse("its local " + name + " lives across a barrier and is not a plain value written with =");
        if (!decl->isSingleDecl() && !declares_alike(decl))
          return refuse("its local " + name + " lives across a barrier, declared beside others of other types or written otherwise");
        if (declared_in_kernel(t)) return refuse("the type of its local " + name + " is declared inside it");
        bytes += ast_.getTypeSizeInChars(t).getQuantity() * threads_;
        if (bytes > max_kept_bytes) return refuse("its locals that live across barriers take more than 64 KiB a tile");
        kept_[v] = decl;
      }
  }
  // A declaration of several variables that can be written one by one with its first one's type: all of
  // one type, each plain (`= value` or nothing).
  bool declares_alike(const clang::DeclStmt* decl) const {
    const auto* first = llvm::dyn_cast<clang::VarDecl>(*decl->decl_begin());
    if (first == nullptr) return false;
    for (const clang::Decl* d : decl->decls()) {
      const auto* v = llvm::dyn_cast<clang::VarDecl>(d);
      if (v == nullptr || v->getType().getCanonicalType() != first->getType().getCanonicalType()) return false;
      if (v->getInit() != nullptr && (v->getInitStyle() != clang::VarDecl::CInit || llvm::isa<clang::CXXConstructExpr>(v->getInit())))
        return false;
    }
    return true;
  }
  bool declared_in_kernel(clang::QualType t) const {
    for (;;) {
      const clang::Decl* d = nullptr;
      if (const auto* td = t->getAs<clang::TypedefType>()) d = td->getDecl();
      else if (const auto* tag = t->getAsTagDecl()) d = tag;
      if (d != nullptr)
        for (const clang::DeclContext* c = d->getDeclContext(); c != nullptr; c = c->getParent())
          if (c == op_) return true;
      const clang::QualType next = t->getLocallyUnqualifiedSingleStepDesugaredType();
      if (next == t) return false;
      t = next;
    }
  }

  // --- the text -----------------------------------------------------------------------------------------

  void write_edits(const clang::CompoundStmt* body) {
    // A second parameter gives the call operator a name of its own (a return type is not part of it): a
    // kernel in a header that one source rewrote into tile loops and another into a coroutine (seeing other
    // instantiations) or left as written (a target built otherwise) links as different functions, each
    // called by its own launch.
    insert(after_kernel_parameter(op_, ast_), ", ::tessera::emulator::looped = {}");
    insert(body->getLBracLoc(), "-> ::tessera::emulator::looped ");
    insert(body->getLBracLoc().getLocWithOffset(1), " ::tessera::emulator::tile_loop tessera_tile(" + name_ +
                                                        (checked_ ? ", ::tessera::emulator::checked_loops);" : ");"));
    for (std::size_t r = 0; r < regions_.size() && ok_; ++r) write_region(r);
    // The phase's end keeps the barrier's fence and (its default argument, on the barrier's line) its place,
    // which a checked build's barrier intervals are named by.
    for (const clang::Stmt* b : barriers_)
      replace_statement(b, std::string("{ if (tessera_tile.phase_end(::tessera::memory_scope::") + barrier_scope(barrier_call(b)) +
                               ")) return {}; }");
    insert(body->getRBracLoc(), " return {}; ");
  }

  void write_region(std::size_t r) {
    const region& reg = regions_[r];
    std::string open;
    for (const auto& [v, decl] : reg.declared)
      if (kept_.count(v) != 0) open += kept_type(decl, v) + " " + kept_name(v) + "[decltype(tessera_tile)::threads]; ";
    // The run's statements as a lambda that each_thread calls for every thread, inlined (looped.hpp).
    open += "tessera_tile.each_thread([&](const int tessera_i) __attribute__((always_inline)) { ";
    // The thread's index; in a checked build at least that the thread runs (what its accesses are taken for).
    if (reg.used.count(op_->getParamDecl(0)) != 0) open += "auto " + name_ + " = tessera_tile.index(tessera_i); ";
    else if (checked_) open += "tessera_tile.runs(tessera_i); ";
    for (const clang::VarDecl* v : bound_in_[r])
      open += std::string(v->getType().isConstQualified() ? "const auto& " : "auto& ") + v->getName().str() + " = " + kept_name(v) +
              "[tessera_i]; ";
    open += "try { ";
    insert(sm_.getExpansionLoc(reg.stmts.front()->getBeginLoc()), open);
    std::set<const clang::DeclStmt*> written;
    for (const auto& [v, decl] : reg.declared)
      if (kept_.count(v) != 0 && written.insert(decl).second) keep(decl);
    const clang::SourceLocation end = end_of(reg.stmts.back());
    if (end.isInvalid()) return refuse("part of it is written by a macro");
    // A checked build ends each thread's run where the optimizer cannot move memory accesses across
    // (looped.hpp, thread_ends): every thread's accesses reach the checks, as on the fiber path.
    insert(end, checked_ ? " } catch (...) { tessera_tile.threw(tessera_i); } ::tessera::emulator::thread_ends(); });"
                         : " } catch (...) { tessera_tile.threw(tessera_i); } });");
  }

  // `T x = e;` -> `auto& x = (tessera_v_x_L_C[tessera_i] = (e));` (`const auto&` for a constant), each
  // variable of the declaration in turn; those not kept are declared again with the declaration's type.
  void keep(const clang::DeclStmt* decl) {
    std::string text;
    for (const clang::Decl* d : decl->decls()) {
      const auto* v = llvm::cast<clang::VarDecl>(d);
      const clang::Expr* init = v->getInit();
      std::string value;
      if (init != nullptr && !llvm::isa<clang::CXXConstructExpr>(init)) {
        value = source_text(init->getSourceRange());
        if (value.empty()) return refuse("part of it is written by a macro");
      }
      if (kept_.count(v) == 0) {
        text += written_type(decl) + " " + v->getName().str() + (value.empty() ? "" : " = (" + value + ")") + "; ";
        continue;
      }
      // Bound for the rest of its run, which may not use it.
      text += std::string(v->getType().isConstQualified() ? "[[maybe_unused]] const auto& " : "[[maybe_unused]] auto& ") +
              v->getName().str() + " = ";
      text += value.empty() ? kept_name(v) + "[tessera_i]; " : "(" + kept_name(v) + "[tessera_i] = (" + value + ")); ";
    }
    text.pop_back();
    replace_statement(decl, std::move(text));
  }
  std::string kept_name(const clang::VarDecl* v) const {
    const clang::SourceLocation at = sm_.getExpansionLoc(v->getLocation());
    return "tessera_v_" + v->getName().str() + "_" + std::to_string(sm_.getExpansionLineNumber(at)) + "_" +
           std::to_string(sm_.getExpansionColumnNumber(at));
  }
  // The type of a kept local's array: as written before the declaration's first name (a template's
  // parameters stay parameters), or as deduced for `auto`.
  std::string kept_type(const clang::DeclStmt* decl, const clang::VarDecl* v) {
    if (v->getType()->getContainedDeducedType() != nullptr) {
      clang::PrintingPolicy policy(ast_.getLangOpts());
      policy.SuppressTagKeyword = true;
      return clang::TypeName::getFullyQualifiedName(v->getType().getUnqualifiedType(), ast_, policy, true);
    }
    return "::std::remove_cv_t<" + written_type(decl) + ">";
  }
  std::string written_type(const clang::DeclStmt* decl) {
    const clang::SourceLocation from = decl->getBeginLoc(), to = (*decl->decl_begin())->getLocation();
    if (!from.isFileID() || !to.isFileID()) {
      refuse("part of it is written by a macro");
      return "int";
    }
    const llvm::StringRef written =
        clang::Lexer::getSourceText(clang::CharSourceRange::getCharRange(from, to), sm_, ast_.getLangOpts()).trim();
    for (const char* specifier : {"static", "constexpr", "register", "thread_local", "extern", "inline", "alignas", "[[", "*", "&"})
      if (written.contains(specifier)) {
        refuse(std::string("a local that lives across a barrier is declared with ") + specifier);
        return "int";
      }
    return written.str();
  }

  // --- text edits, every line kept -----------------------------------------------------------------------

  // Just past a statement, its `;` included.
  clang::SourceLocation end_of(const clang::Stmt* s) {
    if (const auto* c = llvm::dyn_cast<clang::CompoundStmt>(s)) return sm_.getExpansionLoc(c->getRBracLoc()).getLocWithOffset(1);
    if (const auto* i = llvm::dyn_cast<clang::IfStmt>(s)) return end_of(i->getElse() != nullptr ? i->getElse() : i->getThen());
    if (const auto* f = llvm::dyn_cast<clang::ForStmt>(s)) return end_of(f->getBody());
    if (const auto* w = llvm::dyn_cast<clang::WhileStmt>(s)) return end_of(w->getBody());
    if (const auto* f = llvm::dyn_cast<clang::CXXForRangeStmt>(s)) return end_of(f->getBody());
    if (const auto* w = llvm::dyn_cast<clang::SwitchStmt>(s)) return end_of(w->getBody());
    if (const auto* t = llvm::dyn_cast<clang::CXXTryStmt>(s)) return end_of(t->getHandler(t->getNumHandlers() - 1)->getHandlerBlock());
    if (const auto* a = llvm::dyn_cast<clang::AttributedStmt>(s)) return end_of(a->getSubStmt());
    const clang::SourceLocation last = sm_.getExpansionRange(s->getEndLoc()).getEnd();
    if (*sm_.getCharacterData(last) == ';') return last.getLocWithOffset(1);
    return clang::Lexer::findLocationAfterToken(last, clang::tok::semi, sm_, ast_.getLangOpts(), false);
  }
  void replace_statement(const clang::Stmt* s, std::string text) {
    const clang::SourceLocation begin = s->getBeginLoc(), end = end_of(s);
    if (!begin.isFileID() || end.isInvalid()) return refuse("part of it is written by a macro");
    const auto [fid, from] = sm_.getDecomposedLoc(begin);
    const unsigned to = sm_.getFileOffset(end);
    const llvm::StringRef old = sm_.getBufferData(fid).substr(from, to - from);
    text.append(static_cast<std::size_t>(old.count('\n')), '\n');
    add_edit(edits_, {fid, from}, edit{to - from, std::move(text)});
  }
  void insert(clang::SourceLocation at, std::string text) {
    if (!at.isFileID()) return refuse("part of it is written by a macro");
    const auto [fid, offset] = sm_.getDecomposedLoc(at);
    // After what is there already: a region's end and the body's `return {};` at one place keep their order.
    const auto [it, fresh] = edits_.try_emplace(std::make_pair(fid, offset), edit{0, text});
    if (!fresh) it->second.text += text;
  }
  std::string source_text(clang::SourceRange range) {
    const clang::CharSourceRange chars =
        clang::Lexer::makeFileCharRange(clang::CharSourceRange::getTokenRange(range), sm_, ast_.getLangOpts());
    if (chars.isInvalid()) {
      refuse("part of it is written by a macro");
      return {};
    }
    return clang::Lexer::getSourceText(chars, sm_, ast_.getLangOpts()).str();
  }
  std::string line(const clang::Stmt* s) const { return std::to_string(sm_.getExpansionLineNumber(s->getBeginLoc())); }

  const clang::LambdaExpr* kernel_;
  const clang::CXXMethodDecl* op_;
  clang::ASTContext& ast_;
  const clang::SourceManager& sm_;
  wait_finder& waits_;
  reference_collector refs_;
  bool checked_;  // for a checked build
  bool ok_ = true;
  std::string reason_;
  std::string name_;
  int threads_ = 0;
  std::set<const clang::VarDecl*> uniform_;
  std::vector<const clang::Stmt*> open_;  // the region being gathered
  std::vector<region> regions_;
  std::vector<const clang::Stmt*> barriers_;
  std::map<const clang::VarDecl*, const clang::DeclStmt*> kept_;     // per thread, and its declaration
  std::map<std::size_t, std::set<const clang::VarDecl*, by_place>> bound_in_;  // region -> kept locals it uses
  edit_map edits_;
};

}  // namespace

tile_loop_plan plan_tile_loops(const clang::LambdaExpr* kernel, clang::ASTContext& ast, wait_finder& waits, bool checked) {
  return planner(kernel, ast, waits, checked).run();
}

}  // namespace tessera::phases
