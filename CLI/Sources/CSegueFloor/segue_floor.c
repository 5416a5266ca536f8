#include "segue_floor.h"
#include <epoxy/gl.h>
#include <stdio.h>
#include <stdlib.h>

struct segue_floor {
    GLuint program, vertex_array;
    GLint from_cell, to_cell, mix_amount;
};

static const char *segue_floor_vertex =
    "#version 330 core\n"
    "void main() {\n"
    "  gl_Position = vec4(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0, 0.0, 1.0);\n"
    "}\n";

static const char *segue_floor_fragment =
    "#version 330 core\n"
    "uniform sampler2D from_image, to_image;\n"
    "uniform float from_cell, to_cell, mix_amount;\n"
    "out vec4 color;\n"
    "vec4 cell_texel(sampler2D image, vec2 p, float cell) {\n"
    "  if (cell > 0.0) p = (floor(p / cell) + 0.5) * cell;\n"
    "  return texelFetch(image, clamp(ivec2(p), ivec2(0), textureSize(image, 0) - 1), 0);\n"
    "}\n"
    "void main() {\n"
    "  vec2 p = gl_FragCoord.xy;\n"
    "  color = mix(cell_texel(from_image, p, from_cell), cell_texel(to_image, p, to_cell), mix_amount);\n"
    "}\n";

static GLuint segue_floor_compile(GLenum stage, const char *source, char *log, int capacity) {
    GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        glGetShaderInfoLog(shader, capacity, NULL, log);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

segue_floor *segue_floor_create(char *log, int log_capacity) {
    GLuint vertex = segue_floor_compile(GL_VERTEX_SHADER, segue_floor_vertex, log, log_capacity);
    if (!vertex) return NULL;
    GLuint fragment = segue_floor_compile(GL_FRAGMENT_SHADER, segue_floor_fragment, log, log_capacity);
    if (!fragment) { glDeleteShader(vertex); return NULL; }
    GLuint program = glCreateProgram();
    glAttachShader(program, vertex);
    glAttachShader(program, fragment);
    glLinkProgram(program);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        glGetProgramInfoLog(program, log_capacity, NULL, log);
        glDeleteProgram(program);
        return NULL;
    }
    segue_floor *floor = calloc(1, sizeof *floor);
    if (!floor) { snprintf(log, log_capacity, "out of memory"); glDeleteProgram(program); return NULL; }
    floor->program = program;
    glGenVertexArrays(1, &floor->vertex_array);
    glUseProgram(program);
    glUniform1i(glGetUniformLocation(program, "from_image"), 0);
    glUniform1i(glGetUniformLocation(program, "to_image"), 1);
    floor->from_cell = glGetUniformLocation(program, "from_cell");
    floor->to_cell = glGetUniformLocation(program, "to_cell");
    floor->mix_amount = glGetUniformLocation(program, "mix_amount");
    return floor;
}

void segue_floor_draw(segue_floor *floor, unsigned from_texture, unsigned to_texture, int width, float progress) {
    glUseProgram(floor->program);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, from_texture);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, to_texture);
    glUniform1f(floor->from_cell, progress * 0.1f * (float)width);
    glUniform1f(floor->to_cell, (1.0f - progress) * 0.1f * (float)width);
    glUniform1f(floor->mix_amount, progress);
    glBindVertexArray(floor->vertex_array);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

void segue_floor_destroy(segue_floor *floor) {
    if (!floor) return;
    glDeleteProgram(floor->program);
    glDeleteVertexArrays(1, &floor->vertex_array);
    free(floor);
}
