// A small evaluator for the "show the math" formulas: numbers, the entry's value names, + − × · / ( ),
// ² ³ after a factor, and max/min/ceil/floor/sqrt/cbrt. A formula the page shows must be one of these,
// so a test can substitute the listed values and compare with the entry's result.
#pragma once
#include <cmath>
#include <map>
#include <optional>
#include <string>

namespace sizer_test {

class FormulaEval {
 public:
  FormulaEval(const std::string& text, const std::map<std::string, double>& values) : s_(text), values_(values) {}

  // The value, or nothing (with error()) when the formula is not an expression over the listed values.
  std::optional<double> run() {
    const double v = expr();
    skip();
    if (!error_.empty()) return std::nullopt;
    if (pos_ != s_.size()) { error_ = "unexpected text at " + std::to_string(pos_) + ": " + s_.substr(pos_); return std::nullopt; }
    return v;
  }
  const std::string& error() const { return error_; }

 private:
  const std::string s_;
  const std::map<std::string, double>& values_;
  size_t pos_ = 0;
  std::string error_;

  void skip() { while (pos_ < s_.size() && (s_[pos_] == ' ')) ++pos_; }
  bool eat(const std::string& token) {
    skip();
    if (s_.compare(pos_, token.size(), token) == 0) { pos_ += token.size(); return true; }
    return false;
  }
  double fail(const std::string& why) {
    if (error_.empty()) error_ = why + " at " + std::to_string(pos_) + " in \"" + s_ + "\"";
    pos_ = s_.size();
    return 0;
  }
  double expr() {
    double v = term();
    for (;;) {
      if (eat("+")) v += term();
      else if (eat("−") || eat("-")) v -= term();
      else return v;
    }
  }
  double term() {
    double v = power();
    for (;;) {
      if (eat("×") || eat("·") || eat("*")) v *= power();
      else if (eat("/")) v /= power();
      else return v;
    }
  }
  double power() {
    double v = primary();
    for (;;) {
      if (eat("²")) v = v * v;
      else if (eat("³")) v = v * v * v;
      else return v;
    }
  }
  double primary() {
    skip();
    if (pos_ >= s_.size()) return fail("missing operand");
    if (eat("(")) {
      const double v = expr();
      if (!eat(")")) return fail("missing )");
      return v;
    }
    const char c = s_[pos_];
    if ((c >= '0' && c <= '9') || c == '.') {
      size_t used = 0;
      const double v = std::stod(s_.substr(pos_), &used);
      pos_ += used;
      return v;
    }
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
      size_t end = pos_;
      while (end < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[end])) || s_[end] == '_')) ++end;
      const std::string name = s_.substr(pos_, end - pos_);
      pos_ = end;
      if (eat("(")) {
        const double a = expr();
        double b = 0;
        const bool two = eat(",");
        if (two) b = expr();
        if (!eat(")")) return fail("missing ) after " + name);
        if (name == "max" && two) return std::max(a, b);
        if (name == "min" && two) return std::min(a, b);
        if (name == "ceil" && !two) return std::ceil(a);
        if (name == "floor" && !two) return std::floor(a);
        if (name == "sqrt" && !two) return std::sqrt(a);
        if (name == "cbrt" && !two) return std::cbrt(a);
        return fail("unknown function " + name);
      }
      const auto it = values_.find(name);
      if (it == values_.end()) return fail("name not among the values: " + name);
      return it->second;
    }
    return fail("unexpected character");
  }
};

}  // namespace sizer_test
