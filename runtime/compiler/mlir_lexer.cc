// MLIR tokenizer: identifiers, sigil ids, numbers, strings and punctuation, with locations.
#include "runtime/compiler/mlir_lexer.h"

#include <cctype>

namespace jaxlib::compiler {
namespace {

bool IsIdStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsIdChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}
bool IsSuffixChar(char c) { return IsIdChar(c) || c == '-'; }
int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

void Lexer::Reset(size_t offset) { pos_ = offset; }

Location Lexer::LocationOf(size_t offset) const {
  if (offset < loc_cache_offset_) {
    loc_cache_offset_ = 0;
    loc_cache_line_ = 1;
    loc_cache_line_start_ = 0;
  }
  for (size_t i = loc_cache_offset_; i < offset && i < text_.size(); ++i) {
    if (text_[i] == '\n') {
      ++loc_cache_line_;
      loc_cache_line_start_ = i + 1;
    }
  }
  loc_cache_offset_ = offset;
  return Location{loc_cache_line_, static_cast<int>(offset - loc_cache_line_start_) + 1};
}

void Lexer::SkipSpaceAndComments() {
  while (pos_ < text_.size()) {
    char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
      while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    } else {
      break;
    }
  }
}

Token Lexer::Make(Tok k, size_t start, std::string t) {
  Token tok;
  tok.kind = k;
  tok.text = std::move(t);
  tok.offset = start;
  tok.end = pos_;
  tok.loc = LocationOf(start);
  return tok;
}

Token Lexer::LexNumber(size_t start) {
  if (text_[pos_] == '0' && pos_ + 1 < text_.size() && (text_[pos_ + 1] == 'x') &&
      pos_ + 2 < text_.size() && HexValue(text_[pos_ + 2]) >= 0) {
    pos_ += 2;
    while (pos_ < text_.size() && HexValue(text_[pos_]) >= 0) ++pos_;
    return Make(Tok::kInteger, start, std::string(text_.substr(start, pos_ - start)));
  }
  bool is_float = false;
  while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  if (pos_ < text_.size() && text_[pos_] == '.') {
    is_float = true;
    ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  if (is_float && pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
    size_t save = pos_;
    ++pos_;
    if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
    if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    } else {
      pos_ = save;
    }
  }
  return Make(is_float ? Tok::kFloat : Tok::kInteger, start,
              std::string(text_.substr(start, pos_ - start)));
}

Token Lexer::LexString(size_t start) {
  ++pos_;  // opening quote
  std::string out;
  while (pos_ < text_.size()) {
    char c = text_[pos_++];
    if (c == '"') return Make(Tok::kString, start, std::move(out));
    if (c == '\n') break;
    if (c != '\\') {
      out.push_back(c);
      continue;
    }
    if (pos_ >= text_.size()) break;
    char e = text_[pos_++];
    switch (e) {
      case 'n': out.push_back('\n'); break;
      case 't': out.push_back('\t'); break;
      case '"': out.push_back('"'); break;
      case '\\': out.push_back('\\'); break;
      default: {
        int hi = HexValue(e);
        int lo = pos_ < text_.size() ? HexValue(text_[pos_]) : -1;
        if (hi < 0 || lo < 0) return Make(Tok::kError, start, "invalid escape in string");
        ++pos_;
        out.push_back(static_cast<char>(hi * 16 + lo));
      }
    }
  }
  return Make(Tok::kError, start, "unterminated string");
}

Token Lexer::LexIdentLike(size_t start, char sigil, Tok kind) {
  ++pos_;  // sigil
  if (pos_ < text_.size() && text_[pos_] == '"' && (sigil == '@')) {
    Token s = LexString(pos_);
    if (s.kind == Tok::kError) return s;
    return Make(kind, start, s.text);
  }
  size_t name_start = pos_;
  while (pos_ < text_.size() && (sigil == '#' || sigil == '^' ? IsIdChar(text_[pos_]) : IsSuffixChar(text_[pos_])))
    ++pos_;
  if (pos_ == name_start) return Make(Tok::kError, start, std::string("expected identifier after '") + sigil + "'");
  Token t = Make(kind, start, std::string(text_.substr(name_start, pos_ - name_start)));
  if (sigil == '%' && pos_ < text_.size() && text_[pos_] == '#' && pos_ + 1 < text_.size() &&
      std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))) {
    ++pos_;
    int64_t idx = 0;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      idx = idx * 10 + (text_[pos_] - '0');
      if (idx > (1 << 24)) return Make(Tok::kError, start, "result index too large");
      ++pos_;
    }
    t.index = idx;
    t.end = pos_;
  }
  return t;
}

Token Lexer::Next() {
  SkipSpaceAndComments();
  size_t start = pos_;
  if (pos_ >= text_.size()) return Make(Tok::kEof, start);
  char c = text_[pos_];
  switch (c) {
    case '%': return LexIdentLike(start, '%', Tok::kValueId);
    case '@': return LexIdentLike(start, '@', Tok::kSymbol);
    case '#': return LexIdentLike(start, '#', Tok::kHashId);
    case '^': return LexIdentLike(start, '^', Tok::kCaretId);
    case '"': return LexString(start);
    case '(': ++pos_; return Make(Tok::kLParen, start);
    case ')': ++pos_; return Make(Tok::kRParen, start);
    case '[': ++pos_; return Make(Tok::kLSquare, start);
    case ']': ++pos_; return Make(Tok::kRSquare, start);
    case '{': ++pos_; return Make(Tok::kLBrace, start);
    case '}': ++pos_; return Make(Tok::kRBrace, start);
    case '<': ++pos_; return Make(Tok::kLess, start);
    case '>': ++pos_; return Make(Tok::kGreater, start);
    case ',': ++pos_; return Make(Tok::kComma, start);
    case ':': ++pos_; return Make(Tok::kColon, start);
    case '=': ++pos_; return Make(Tok::kEqual, start);
    case '+': ++pos_; return Make(Tok::kPlus, start);
    case '?': ++pos_; return Make(Tok::kQuestion, start);
    case '*': ++pos_; return Make(Tok::kStar, start);
    case '!': ++pos_; return Make(Tok::kExclaim, start);
    case '-':
      ++pos_;
      if (pos_ < text_.size() && text_[pos_] == '>') {
        ++pos_;
        return Make(Tok::kArrow, start);
      }
      return Make(Tok::kMinus, start);
    default: break;
  }
  if (std::isdigit(static_cast<unsigned char>(c))) return LexNumber(start);
  if (c == '.' && pos_ + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1])))
    return LexNumber(start);
  if (IsIdStart(c)) {
    while (pos_ < text_.size() && IsIdChar(text_[pos_])) ++pos_;
    return Make(Tok::kBareId, start, std::string(text_.substr(start, pos_ - start)));
  }
  ++pos_;
  // Printable ASCII as is; any other byte (control, non-ASCII) as \xNN so messages stay UTF-8.
  unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return Make(Tok::kError, start, std::string("unexpected character '") + c + "'");
  static const char kHex[] = "0123456789abcdef";
  std::string escaped = std::string("\\x") + kHex[u >> 4] + kHex[u & 15];
  return Make(Tok::kError, start, "unexpected byte '" + escaped + "'");
}

}  // namespace jaxlib::compiler
