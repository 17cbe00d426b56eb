// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// "Devnet Pixels": an ERC-721 whose images are SVG drawn on chain from the token id.
contract DevnetPixels {
    string public constant name = "Devnet Pixels";
    string public constant symbol = "DPX";
    address public immutable owner;
    uint256 public totalSupply;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    /// Mints token ids 1..owners.length to owners[i - 1] at deployment.
    constructor(address[] memory owners) {
        owner = msg.sender;
        for (uint256 i = 0; i < owners.length; i++) _mint(owners[i]);
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function balanceOf(address account) external view returns (uint256) {
        require(account != address(0), "zero address");
        return _balances[account];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address holder = _owners[tokenId];
        require(holder != address(0), "no such token");
        return holder;
    }

    function mint(address to) external returns (uint256) {
        require(msg.sender == owner, "only owner");
        return _mint(to);
    }

    function _mint(address to) private returns (uint256 tokenId) {
        require(to != address(0), "mint to zero");
        tokenId = ++totalSupply;
        _owners[tokenId] = to;
        _balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function approve(address to, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        require(msg.sender == holder || isApprovedForAll[holder][msg.sender], "not allowed");
        getApproved[tokenId] = to;
        emit Approval(holder, to, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = ownerOf(tokenId);
        require(holder == from, "wrong owner");
        require(to != address(0), "transfer to zero");
        require(
            msg.sender == holder || getApproved[tokenId] == msg.sender || isApprovedForAll[holder][msg.sender],
            "not allowed"
        );
        delete getApproved[tokenId];
        _balances[from] -= 1;
        _balances[to] += 1;
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        transferFrom(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes calldata) external {
        transferFrom(from, to, tokenId);
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        string memory id = _toString(tokenId);
        string memory image = string.concat("data:image/svg+xml;base64,", _base64(bytes(_svg(tokenId))));
        string memory json = string.concat(
            '{"name":"Devnet Pixels #', id,
            '","description":"A devnet collectible drawn on chain.","image":"', image, '"}'
        );
        return string.concat("data:application/json;base64,", _base64(bytes(json)));
    }

    function _svg(uint256 tokenId) private pure returns (string memory) {
        bytes32 seed = keccak256(abi.encodePacked(tokenId));
        string memory cells;
        for (uint256 i = 0; i < 16; i++) {
            uint8 b = uint8(seed[i]);
            if (b & 1 == 1) {
                string memory x = _toString((i % 4) * 16 + 8);
                string memory y = _toString((i / 4) * 16 + 8);
                cells = string.concat(cells, '<rect x="', x, '" y="', y, '" width="16" height="16"/>');
            }
        }
        string memory hue = _toString(uint256(uint8(seed[20])) * 360 / 256);
        return string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80" width="80" height="80">',
            '<rect width="80" height="80" fill="hsl(', hue, ',60%,90%)"/>',
            '<g fill="hsl(', hue, ',70%,40%)">', cells, '</g></svg>'
        );
    }

    function _toString(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        while (value != 0) {
            digits--;
            out[digits] = bytes1(uint8(48 + (value % 10)));
            value /= 10;
        }
        return string(out);
    }

    function _base64(bytes memory data) private pure returns (string memory) {
        bytes memory table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        uint256 len = data.length;
        if (len == 0) return "";
        bytes memory out = new bytes(4 * ((len + 2) / 3));
        uint256 j = 0;
        for (uint256 i = 0; i < len; i += 3) {
            uint256 a = uint8(data[i]);
            uint256 b = i + 1 < len ? uint8(data[i + 1]) : 0;
            uint256 c = i + 2 < len ? uint8(data[i + 2]) : 0;
            uint256 triple = (a << 16) | (b << 8) | c;
            out[j++] = table[(triple >> 18) & 63];
            out[j++] = table[(triple >> 12) & 63];
            out[j++] = i + 1 < len ? table[(triple >> 6) & 63] : bytes1("=");
            out[j++] = i + 2 < len ? table[triple & 63] : bytes1("=");
        }
        return string(out);
    }
}
