// Tokenizer for MLIR text as JAX prints it. Knows nothing about ops; the parser drives it and
// may read raw characters (tensor shapes like "2x3xf32" are not token-friendly).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/compiler/ir.h"

namespace jaxlib::compiler {

enum class Tok : uint8_t {
  kEof,
  kError,
  kValueId,    // %name or %name#3 (text excludes '%'; result index in `index`, -1 if none)
  kSymbol,     // @name or @"name" (text excludes '@')
  kHashId,     // #name, #dialect.attr (text excludes '#')
  kCaretId,    // ^bb0
  kBareId,     // identifiers, keywords, dialect.op names
  kInteger,    // decimal or 0x hex, unsigned (sign is a separate '-' token)
  kFloat,      // 1.5e+00, 1., .5
  kString,     // "..." with escapes decoded
  kLParen, kRParen, kLSquare, kRSquare, kLBrace, kRBrace, kLess, kGreater,
  kComma, kColon, kEqual, kArrow, kMinus, kPlus, kQuestion, kStar, kExclaim,
};

struct Token {
  Tok kind = Tok::kEof;
  std::string text;
  int64_t index = -1;  // kValueId result index
  Location loc;
  size_t offset = 0;   // byte offset of the token start
  size_t end = 0;      // byte offset just past the token
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}
  Token Next();
  // Positions the lexer at byte `offset` (for raw re-scans by the parser).
  void Reset(size_t offset);
  std::string_view text() const { return text_; }
  Location LocationOf(size_t offset) const;

 private:
  void SkipSpaceAndComments();
  Token Make(Tok k, size_t start, std::string t = {});
  Token LexNumber(size_t start);
  Token LexString(size_t start);
  Token LexIdentLike(size_t start, char sigil, Tok kind);

  std::string_view text_;
  size_t pos_ = 0;
  // Line-start cache so LocationOf is cheap for forward scans.
  mutable size_t loc_cache_offset_ = 0;
  mutable int loc_cache_line_ = 1;
  mutable size_t loc_cache_line_start_ = 0;
};

}  // namespace jaxlib::compiler
