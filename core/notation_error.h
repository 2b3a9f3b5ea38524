// The one exception type of every parser (FEN, SAN, UCI, PGN, records): its message
// names the field or token at fault, so a user can fix the input.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace arbiter {

class NotationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A user's text made fit to quote in a message: printable ASCII as it is, a backslash
// doubled, \0 \t \n \r for those, \xNN for any other byte (control characters, DEL, bytes
// of UTF-8), so no raw byte reaches a terminal, a log or a JSON reply. Past maxLength bytes
// the rest is cut to "...".
inline std::string printable_text(std::string_view text, std::size_t maxLength = 64) {
    constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (i == maxLength) return out + "...";
        unsigned char c = static_cast<unsigned char>(text[i]);
        switch (c) {
            case '\\':
                out += "\\\\";
                break;
            case '\0':
                out += "\\0";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            default:
                if (c >= 0x20 && c < 0x7F) {
                    out += char(c);
                } else {
                    out += "\\x";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                }
        }
    }
    return out;
}

// One character named for a message: 'x' when printable, else in words ("a tab", "a NUL
// byte", "byte 0x1B").
inline std::string character_name(char ch) {
    constexpr char hex[] = "0123456789ABCDEF";
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
        case ' ':
            return "a space";
        case '\0':
            return "a NUL byte";
        case '\t':
            return "a tab";
        case '\n':
            return "a line feed";
        case '\r':
            return "a carriage return";
        default:
            if (c > 0x20 && c < 0x7F) return std::string{'\'', ch, '\''};
            return std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
    }
}

}  // namespace arbiter
